/**
 * The form of /admin/settings: the business's details (app/lib/business.ts). One schema, checked in
 * the browser as the owner types and parsed by the action as the authority; a bad field gets its
 * message beside it and nothing is saved.
 */
import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "~/lib/dates";
import { BARE_EMAIL_PATTERN } from "~/lib/email-address";

export const BUSINESS_LIMITS = { name: 100, email: 254, address: 300, signedBy: 80, timeZone: 64 } as const;

export const BUSINESS_MESSAGES = {
  nameMissing: "Enter the business's name.",
  nameLong: `Keep the name to ${BUSINESS_LIMITS.name} characters.`,
  emailMissing: "Enter the support address.",
  emailShape: "Enter one e-mail address, for example support@example.com (no name, no <>).",
  emailLong: `An e-mail address has at most ${BUSINESS_LIMITS.email} characters.`,
  addressMissing: "Enter the postal address: the law (CAN-SPAM) requires one in every commercial e-mail.",
  addressShort: "Enter the whole postal address: street or P.O. box, town, state and ZIP code.",
  addressLong: `Keep the postal address to ${BUSINESS_LIMITS.address} characters.`,
  signedByLong: `Keep the name to ${BUSINESS_LIMITS.signedBy} characters.`,
  oneLine: "Keep it on one line.",
  zoneMissing: "Enter the time zone.",
  zoneUnknown: "That is not a time zone: use an IANA name such as America/New_York, America/Chicago or America/Los_Angeles.",
} as const;

// eslint-disable-next-line no-control-regex -- a control character (other than a line break in the address) is never part of these
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;
const oneLine = (value: string) => !/[\r\n]/.test(value) && !CONTROL.test(value);

/** Every line trimmed, blank lines dropped: an address as it is printed in a footer. */
function addressLines(value: string): string {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join("\n");
}

export const BusinessSettingsSchema = z.object({
  businessName: z
    .string({ error: BUSINESS_MESSAGES.nameMissing })
    .trim()
    .min(1, BUSINESS_MESSAGES.nameMissing)
    .max(BUSINESS_LIMITS.name, BUSINESS_MESSAGES.nameLong)
    .refine(oneLine, BUSINESS_MESSAGES.oneLine),
  supportEmail: z
    .string({ error: BUSINESS_MESSAGES.emailMissing })
    .trim()
    .min(1, BUSINESS_MESSAGES.emailMissing)
    .max(BUSINESS_LIMITS.email, BUSINESS_MESSAGES.emailLong)
    .regex(BARE_EMAIL_PATTERN, BUSINESS_MESSAGES.emailShape)
    .transform((v) => v.toLowerCase()),
  postalAddress: z
    .string({ error: BUSINESS_MESSAGES.addressMissing })
    .transform(addressLines)
    .pipe(
      z
        .string()
        .min(1, BUSINESS_MESSAGES.addressMissing)
        // Only when something is there: an empty one has its own message.
        .refine((v) => v.length === 0 || v.length >= 10, BUSINESS_MESSAGES.addressShort)
        .max(BUSINESS_LIMITS.address, BUSINESS_MESSAGES.addressLong)
        .refine((v) => !CONTROL.test(v), BUSINESS_MESSAGES.addressShort),
    ),
  /** Optional: empty means "The <business> team" signs. */
  signedBy: z
    .string()
    .trim()
    .max(BUSINESS_LIMITS.signedBy, BUSINESS_MESSAGES.signedByLong)
    .refine(oneLine, BUSINESS_MESSAGES.oneLine)
    .optional()
    .transform((v) => (v ? v : null)),
  timeZone: z
    .string({ error: BUSINESS_MESSAGES.zoneMissing })
    .trim()
    .min(1, BUSINESS_MESSAGES.zoneMissing)
    .max(BUSINESS_LIMITS.timeZone, BUSINESS_MESSAGES.zoneUnknown)
    .refine(isTimeZone, BUSINESS_MESSAGES.zoneUnknown)
    .transform(canonicalTimeZone),
  /** A checkbox: "on" when ticked, absent when not. */
  saleEmails: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});

export type BusinessSettingsInput = z.input<typeof BusinessSettingsSchema>;
export type BusinessSettings = z.output<typeof BusinessSettingsSchema>;
