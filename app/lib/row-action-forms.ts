/**
 * The dashboard's one-button row forms: retry an e-mail (/admin/email), mark a message handled
 * (/admin/messages). Each carries its intent and the row's id; the page checks with its schema
 * and the action parses with it.
 */
import { z } from "zod";

const rowId = z.coerce.number().int().min(1).max(2_147_483_647);

export const RetryEmailSchema = z.object({ intent: z.literal("retry"), id: rowId });

export const MarkHandledSchema = z.object({ intent: z.literal("handled"), id: rowId });
