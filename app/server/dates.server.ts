/**
 * The business's time zone on the server (BUSINESS_TIME_ZONE, decision 047), and the one text of
 * an order's payment day: the receipt, the lost-link e-mail, the success page and the order page
 * all call formatPaidOn, so they cannot disagree about the day.
 */
import type { AppLoadContext } from "react-router";
import { formatZonedDate } from "~/lib/dates";
import { env } from "~/server/env.server";

/**
 * The business's zone's IANA name: the owner's saved one (/admin/settings, decision 069) as the
 * site loaded in the request's context has it; with no site loaded (a script), BUSINESS_TIME_ZONE.
 */
export function businessTimeZone(context: Pick<AppLoadContext, "content"> | undefined): string {
  return context?.content?.business().timeZone ?? env().BUSINESS_TIME_ZONE;
}

/**
 * "November 28, 2026 (Eastern Time)": the day an order was paid, in the business's zone, named.
 * E-mails pass the zone of their mail context; pages the business's (businessTimeZone).
 */
export function formatPaidOn(paidAt: Date, timeZone: string): string {
  return formatZonedDate(paidAt, timeZone);
}
