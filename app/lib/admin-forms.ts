/** The dashboard's forms, one schema each (read by parseSubmission on the server; the pages are plain HTML forms). */
import { z } from "zod";

export const LoginSchema = z.object({
  password: z.string().min(1, "Enter the password.").max(1024),
  next: z.string().max(500).optional(),
});

export const ORDER_ACTIONS = ["resend", "reset", "refund"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Each order action is confirmed: the button that does it is on the confirmation panel, with confirmed=yes. */
export const OrderActionSchema = z.object({ intent: z.enum(ORDER_ACTIONS), confirmed: z.literal("yes") });

/** Mark a message handled; retry an e-mail. */
export const RowActionSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });
