/** The dashboard's forms, one schema each (checked on the server; the pages are plain HTML forms). */
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
export const RowActionSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The fields of a submitted form, or null when a field is not text. */
export async function formFields(request: Request): Promise<Record<string, string> | null> {
  const form = await request.formData().catch(() => null);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") return null;
    fields[key] = value;
  }
  return fields;
}
