/** The blog's newsletter box: one row per address. */
import { newsletterSubscribers } from "../../db/schema";
import { checkForm, isBot, NewsletterSchema, outcome } from "~/lib/forms";
import { db } from "~/server/db.server";
import { failedKeepsValues, formResponse, readFormBody, storeOnce, unreadableBody, type StoreResult } from "~/server/form-request.server";

export function storeSubscriber(email: string): Promise<StoreResult> {
  return storeOnce("a newsletter subscriber", () =>
    db()
      .insert(newsletterSubscribers)
      .values({ email })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id }),
  );
}

export async function submitNewsletter(request: Request) {
  const body = await readFormBody(request);
  if (!body.ok) return unreadableBody("newsletter", body);
  if (isBot(body.fields)) return formResponse(outcome("newsletter", "success"));
  const checked = checkForm("newsletter", NewsletterSchema, body.fields);
  if (!checked.ok) return formResponse(checked.outcome);
  const { email } = checked.data;
  const stored = await storeSubscriber(email);
  return formResponse(failedKeepsValues(outcome("newsletter", stored === "created" ? "success" : stored), { email }));
}
