/** The lost-link page: e-mail the order links of an address's paid orders, saying nothing about it here. */
import { sql } from "drizzle-orm";
import { INVALID_EMAIL_MESSAGE, isBot, OrderLookupSchema } from "~/lib/forms";
import { db } from "~/server/db.server";
import { readFormBody } from "~/server/forms/submission.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

/** One lost-link e-mail per address per this window, however often the form is sent. */
export const LOOKUP_WINDOW_SECONDS = 600;

export type LookupOutcome = { status: "sent" } | { status: "invalid"; title: string; description: string; email: string };

/** Queue the e-mail only when the address has a paid order; the caller answers the same either way. */
export async function requestOrderLinks(email: string): Promise<void> {
  await db().execute(sql`
    ${INSERT_INTO_OUTBOX}
    ${outboxSelect({
      kind: "lost-link",
      dedupeKey: sql`'lost-link:' || ${email} || ':' || floor(extract(epoch from now()) / ${LOOKUP_WINDOW_SECONDS})`,
      toAddress: sql`${email}`,
      payload: {},
    })}
    where exists (select 1 from orders where customer_email = ${email} and status = 'paid')
    on conflict (dedupe_key) do nothing
  `);
  wakeOutbox();
}

export async function submitOrderLookup(request: Request): Promise<{ outcome: LookupOutcome; httpStatus: number }> {
  const body = await readFormBody(request);
  if (!body.ok)
    return { outcome: { status: "invalid", title: body.title, description: body.description, email: "" }, httpStatus: body.httpStatus };
  if (isBot(body.fields)) return { outcome: { status: "sent" }, httpStatus: 200 };
  const parsed = OrderLookupSchema.safeParse(body.fields);
  if (!parsed.success) {
    const typed = typeof body.fields.email === "string" ? body.fields.email.slice(0, 255) : "";
    return { outcome: { status: "invalid", ...INVALID_EMAIL_MESSAGE, email: typed }, httpStatus: 400 };
  }
  try {
    await requestOrderLinks(parsed.data.email);
  } catch (error) {
    console.error(`Could not queue a lost-link e-mail: ${(error as Error).message}`);
    return {
      outcome: { status: "invalid", title: "Oops!", description: "Something went wrong. Please try again.", email: parsed.data.email },
      httpStatus: 503,
    };
  }
  return { outcome: { status: "sent" }, httpStatus: 200 };
}
