/**
 * The dashboard's one-button row forms: retry an e-mail (/admin/email), mark a message handled
 * (/admin/messages). Each carries its intent and the row's id; the page checks with its schema
 * and the action parses with it.
 */
import { z } from "zod";

const rowId = z.coerce.number().int().min(1).max(2_147_483_647);

export const RetryEmailSchema = z.object({ intent: z.literal("retry"), id: rowId });

export const MarkHandledSchema = z.object({ intent: z.literal("handled"), id: rowId });

/** A date and time in the business time zone, as a datetime-local input gives it. */
const zonedInput = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Choose a date and time.");

/** Lift the suppressions recorded at send between two moments (issue 51): a list damaged by a sending problem. */
export const LiftSendSuppressionsSchema = z
  .object({ intent: z.literal("lift-send-suppressions"), from: zonedInput, to: zonedInput })
  .refine((v) => v.from < v.to, { message: "The end must come after the start.", path: ["to"] });

/** Try the mail server now, while sending is paused (/admin/email). */
export const RetrySendingSchema = z.object({ intent: z.literal("retry-sending") });

/** The e-mail page's posts, one schema: which form posted is its intent. */
export const EmailActionSchema = z.discriminatedUnion("intent", [RetryEmailSchema, RetrySendingSchema, LiftSendSuppressionsSchema]);
