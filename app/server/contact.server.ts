/** The contact page's form: every message is stored for the owner to answer. */
import { contactMessages } from "../../db/schema";
import { checkForm, ContactSchema, isBot, outcome } from "~/lib/forms";
import { db } from "~/server/db.server";
import { failedKeepsValues, formResponse, readFormBody, storeOnce, unreadableBody, type StoreResult } from "~/server/form-request.server";

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

export function storeContactMessage(message: NewContactMessage): Promise<StoreResult> {
  return storeOnce("a contact message", () =>
    db().insert(contactMessages).values(message).returning({ id: contactMessages.id }),
  );
}

export async function submitContactMessage(request: Request) {
  const body = await readFormBody(request);
  if (!body.ok) return unreadableBody("contact", body);
  if (isBot(body.fields)) return formResponse(outcome("contact", "success"));
  const checked = checkForm("contact", ContactSchema, body.fields);
  if (!checked.ok) return formResponse(checked.outcome);
  const { name, email, subject, message } = checked.data;
  const stored = await storeContactMessage({ name, email, subject, message });
  // Contact messages have no unique rule, so the only outcomes are stored or unavailable.
  const result = outcome("contact", stored === "unavailable" ? "unavailable" : "success");
  return formResponse(failedKeepsValues(result, { name, email, subject, message }));
}
