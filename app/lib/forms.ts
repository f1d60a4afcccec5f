/**
 * The three public forms: one schema each, run by the browser (instant messages) and again by
 * the server (the authority). `zod/mini` keeps the browser's share small, and the browser loads
 * this module only when a visitor starts using a form. Messages and limits: ./form-outcomes.ts.
 */
import { z } from "zod/mini";
import { FIELD_LIMITS, type FormName, type FormOutcome, HONEYPOT_FIELD, type Message, MESSAGES } from "./form-outcomes";

export * from "./form-outcomes";

/**
 * Text, "@", text, ".", text: the check the spec asks for (the real test is the e-mail arriving).
 * The domain is dot-separated labels that cannot contain a dot, so the pattern never backtracks
 * over a long input (`[^\s@]+\.[^\s@]+` took 0.35 s to refuse 16 KB of dots).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Issue codes carried as messages, turned into the visitor's wording by `checkForm`. */
const MISSING = "missing";
const TOO_LONG = "too_long";
const INVALID_EMAIL = "invalid_email";
const UNKNOWN_PAGE = "unknown_page";

const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1, MISSING), z.maxLength(max, TOO_LONG));

/** Trimmed and lowercased, so " Ann@Example.com " and "ann@example.com" are one subscriber. */
const email = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, MISSING),
  // Too long stops here: the pattern never sees more than FIELD_LIMITS.email characters.
  z.maxLength(FIELD_LIMITS.email, { error: TOO_LONG, abort: true }),
  z.regex(EMAIL_PATTERN, INVALID_EMAIL),
);

const honeypot = z.optional(z.string().check(z.maxLength(1_000, TOO_LONG)));

export const LeadSchema = z.strictObject({
  name: requiredText(FIELD_LIMITS.name),
  email,
  /** The article holding the form; the server also takes it from the URL and allows only real slugs. */
  sourcePage: z.optional(z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, UNKNOWN_PAGE), z.maxLength(100, UNKNOWN_PAGE))),
  [HONEYPOT_FIELD]: honeypot,
});
export type LeadInput = z.infer<typeof LeadSchema>;

export const ContactSchema = z.strictObject({
  name: requiredText(FIELD_LIMITS.name),
  email,
  subject: requiredText(FIELD_LIMITS.subject),
  message: requiredText(FIELD_LIMITS.message),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const NewsletterSchema = z.strictObject({
  email,
  [HONEYPOT_FIELD]: honeypot,
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;

/** The lost-link page: one address; the answer is the same whatever it is. */
export const OrderLookupSchema = z.strictObject({
  email,
  [HONEYPOT_FIELD]: honeypot,
});

export const SCHEMAS = { lead: LeadSchema, contact: ContactSchema, newsletter: NewsletterSchema } as const;

const FIELD_LABELS: Record<string, string> = {
  name: "Your name",
  email: "Your email",
  subject: "The subject",
  message: "Your message",
  sourcePage: "The page",
  [HONEYPOT_FIELD]: "That field",
};

export type Schema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};
type Issue = { code: string; path: readonly PropertyKey[]; message: string; keys?: readonly string[] };

export type Checked<T> = { ok: true; data: T } | { ok: false; outcome: FormOutcome };

/**
 * Validate a submission. Failures come back in the visitor's words, most useful first: a
 * missing field, then a bad e-mail, then a too-long field; requests no form could have sent
 * (unknown fields, values that are not text) are "rejected" with a plain explanation.
 */
export function checkForm<T>(form: FormName, schema: Schema<T>, input: unknown): Checked<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const record = input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined;
  const issues = result.error.issues;
  const fieldOf = (issue: Issue) => String(issue.path[0] ?? "");
  const fieldsWith = (message: string) => [...new Set(issues.filter((i) => i.message === message).map(fieldOf))];
  const fail = (status: "invalid" | "rejected", message: Message, invalidFields: string[] = []): Checked<T> => ({
    ok: false,
    outcome: { form, status, ...message, invalidFields, values: typedValues(record) },
  });

  if (!record) return fail("rejected", { title: "Invalid Request", description: "Send the form fields as an object." });
  const unknown = issues.find((i) => i.code === "unrecognized_keys");
  if (unknown) {
    const keys = (unknown.keys ?? []).map((k) => JSON.stringify(k).slice(0, 60)).join(", ");
    return fail("rejected", { title: "Invalid Request", description: `Unknown field: ${keys}. This form does not accept it.` });
  }
  // A field sent as a number, a list or an object: missing when absent, otherwise not something a form sends.
  const missing = new Set(fieldsWith(MISSING));
  for (const issue of issues) {
    if (issue.code !== "invalid_type") continue;
    const field = fieldOf(issue);
    if (record[field] === undefined || record[field] === null) missing.add(field);
    else return fail("rejected", { title: "Invalid Request", description: `${FIELD_LABELS[field] ?? field} must be text.` }, [field]);
  }
  const unknownPage = issues.find((i) => i.message === UNKNOWN_PAGE);
  if (unknownPage) return fail("rejected", { title: "Invalid Request", description: "This form can't be sent from that page." });
  if (missing.size > 0) return fail("invalid", MESSAGES[form].missing, [...missing]);
  const badEmail = fieldsWith(INVALID_EMAIL);
  if (badEmail.length > 0) return fail("invalid", MESSAGES[form].invalidEmail, badEmail);
  const tooLong = issues.filter((i) => i.message === TOO_LONG);
  if (tooLong.length > 0) {
    const field = fieldOf(tooLong[0]!);
    const limit = FIELD_LIMITS[field as keyof typeof FIELD_LIMITS];
    const description = limit
      ? `${FIELD_LABELS[field] ?? field} can be at most ${limit.toLocaleString("en-US")} characters.`
      : `${FIELD_LABELS[field] ?? field} is too long.`;
    return fail("invalid", { title: "Too Long", description }, tooLong.map(fieldOf));
  }
  return fail("rejected", { title: "Invalid Request", description: "This form could not be read. Please try again." });
}

/** True when the hidden field only a bot would fill in has something in it. */
export function isBot(input: unknown): boolean {
  if (!input || typeof input !== "object") return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

/** The text fields a form shows, echoed back (never the honeypot), each cut to a safe length. */
/** What the visitor typed into the form's text fields (as typed, not as normalised), to show again. */
export function typedValues(record: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  const values: Record<string, string> = {};
  for (const field of ["name", "email", "subject", "message"] as const) {
    const value = record[field];
    if (typeof value === "string") values[field] = value.slice(0, FIELD_LIMITS[field]);
  }
  return values;
}
