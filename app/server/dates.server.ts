/**
 * The business's time zone on the server (BUSINESS_TIME_ZONE, decision 047), and the one text of
 * an order's payment day: the receipt, the lost-link e-mail, the success page and the order page
 * all call formatPaidOn, so they cannot disagree about the day.
 */
import { formatZonedDate } from "~/lib/dates";
import { env } from "~/server/env.server";

/** The configured zone's IANA name ("America/New_York" unless BUSINESS_TIME_ZONE says otherwise). */
export function businessTimeZone(): string {
  return env().BUSINESS_TIME_ZONE;
}

/**
 * "November 28, 2026 (Eastern Time)": the day an order was paid, in the business's zone, named.
 * E-mails pass the zone of their mail context; pages leave it to the configured one.
 */
export function formatPaidOn(paidAt: Date, timeZone: string = businessTimeZone()): string {
  return formatZonedDate(paidAt, timeZone);
}
