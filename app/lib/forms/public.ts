/**
 * The forms' schemas, one each, run by the browser (instant messages) and again by the server
 * (the authority), and the one way both read a submission: Conform's `parseWithZod` for what a
 * browser posts, the same schema on a JSON body. What Conform does not do stays here: the spec's
 * one message per submission (./form-outcomes.ts), chosen from the issues of every field.
 */
import "../zod-config";
import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import { z } from "zod";
import { BARE_EMAIL_PATTERN, canonicalEmail } from "../email-address";
import { FIELD_LIMITS, type FormMessages, type FormName, type FormOutcome, HONEYPOT_FIELD, type Message, MESSAGES } from "../form-outcomes";

export * from "../form-outcomes";

/**
 * A bare address only (./email-address.ts): no display name, comment, quotes, spaces or route.
 * The spec's check was text, "@", text, ".", text; that let a name or a comment in beside the
 * address, which the mail library then delivered to the address inside (issue 40).
 */
export const EMAIL_PATTERN = BARE_EMAIL_PATTERN;

/** Issue messages that `failureOutcome` turns into the visitor's wording. */
const MISSING = "missing";
const TOO_LONG = "too_long";
const INVALID_EMAIL = "invalid_email";
const UNKNOWN_PAGE = "unknown_page";

const requiredText = (max: number) => z.string().trim().min(1, MISSING).max(max, TOO_LONG);

/**
 * A bare address, given back in its canonical spelling (./email-address.ts), so " Ann@Example.com "
 * and "ann@example.com" (and, at Gmail, "a.nn+news@gmail.com") are one person.
 */
export const emailField = z
  .string()
  .trim()
  .min(1, MISSING)
  // Too long stops here: the pattern never sees more than FIELD_LIMITS.email characters.
  .max(FIELD_LIMITS.email, { error: TOO_LONG, abort: true })
  .regex(EMAIL_PATTERN, INVALID_EMAIL)
  .transform(canonicalEmail);

const honeypot = z.string().max(1_000, TOO_LONG).optional();

export const LeadSchema = z.strictObject({
  name: requiredText(FIELD_LIMITS.name),
  email: emailField,
  /** The article holding the form; the server also takes it from the URL and allows only real slugs. */
  sourcePage: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, UNKNOWN_PAGE)
    .max(100, UNKNOWN_PAGE)
    .optional(),
  [HONEYPOT_FIELD]: honeypot,
});
export type LeadInput = z.infer<typeof LeadSchema>;

export const ContactSchema = z.strictObject({
  name: requiredText(FIELD_LIMITS.name),
  email: emailField,
  subject: requiredText(FIELD_LIMITS.subject),
  message: requiredText(FIELD_LIMITS.message),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const NewsletterSchema = z.strictObject({ email: emailField, [HONEYPOT_FIELD]: honeypot });
export type NewsletterInput = z.infer<typeof NewsletterSchema>;

/** A coming-soon product's "Tell me when it opens": an address (the product is the page's). */
export const WaitlistSchema = z.strictObject({ email: emailField, [HONEYPOT_FIELD]: honeypot });

/** The lost-link page: one address; the answer is the same whatever it is. */
export const OrderLookupSchema = z.strictObject({ email: emailField, [HONEYPOT_FIELD]: honeypot });

/**
 * The only body a checkout accepts, from /checkout's form (without JavaScript: the box ticked or
 * not) and from POST /api/create-payment (JSON): prices never come from the browser. `from` is
 * the article whose promo link led here (kept on the order for the dashboard; an unknown slug is
 * dropped, never refused: a stale link must not stop a sale).
 */
export const CreatePaymentSchema = z.strictObject({
  includeBump: z.boolean(),
  from: z.string().max(120).optional(),
  /** The product's address (`/checkout?product=<slug>`); none: the toolkit. */
  product: z.string().max(120).optional(),
  /**
   * The prices the page showed, in cents ("700" or "700-1499" with its add-on; shownPrices()): a
   * price changed since the page was opened is refused with the new price, never charged as a mix.
   */
  shown: z
    .string()
    .regex(/^\d{1,7}(-\d{1,7})?(:[A-Z0-9-]{1,40})?$/)
    .optional(),
  /**
   * A promotion code (issue 53 item 5): the one the page applied (`shown` names it after a ":",
   * so a code typed but not applied is not charged unseen). `email`: the receipt's address, asked
   * by the page for a code that is once per buyer. `intent` "apply": the form's Apply button,
   * which shows the page again with the code (without JavaScript, the same form posts it).
   */
  code: z.string().trim().max(60).optional(),
  email: emailField.optional(),
  intent: z.enum(["pay", "apply"]).optional(),
});
export type CreatePayment = z.infer<typeof CreatePaymentSchema>;

export const SCHEMAS = {
  lead: LeadSchema,
  contact: ContactSchema,
  newsletter: NewsletterSchema,
  orderLookup: OrderLookupSchema,
  checkout: CreatePaymentSchema,
  waitlist: WaitlistSchema,
} as const satisfies Record<FormName, z.ZodType>;

type Issue = z.core.$ZodIssue;
/** Each field's issues, by the field's name (the form-level ones under ""), as Conform groups them. */
export type FieldIssues = Record<string, readonly Issue[]>;

/** A submission read and checked: the typed value, or every field's issues; `payload` is what was sent. */
export type Parsed<T> = { payload: Record<string, unknown> } & ({ ok: true; value: T } | { ok: false; error: FieldIssues });

/**
 * An HTML checkbox is sent as its value when ticked and not at all when not: a boolean field read
 * from a form is `true` for "on" (the browsers' default value) or "1", and `false` when absent.
 */
const { coerceFormValue } = configureCoercion({
  customize: (type) =>
    type._zod.def.type === "boolean" ? (value) => (value === undefined ? false : value === "on" || value === "1" ? true : value) : null,
});

/**
 * What a browser posts (every value text, a checkbox present or absent): Conform's reading, which
 * also turns an empty field into a missing one. JSON keeps its types, so a JSON body is checked
 * by the same schema as sent: `{"includeBump": true}`, not `"on"`.
 */
export function parseSubmissionBody<S extends z.ZodType>(
  body: FormData | URLSearchParams | Record<string, unknown>,
  schema: S,
): Parsed<z.output<S>> {
  if (body instanceof FormData || body instanceof URLSearchParams) {
    const submission = parseWithZod(body, {
      schema: coerceFormValue(schema),
      disableAutoCoercion: true,
      formatError: (issues: Issue[]) => issues,
    });
    const payload = submission.payload;
    if (submission.status === "success") return { ok: true, value: submission.value as z.output<S>, payload };
    const error: Record<string, readonly Issue[]> = {};
    for (const [name, issues] of Object.entries(submission.error ?? {})) if (issues) error[name] = issues;
    return { ok: false, error, payload };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data, payload: body };
  const error: Record<string, Issue[]> = {};
  for (const issue of result.error.issues) (error[issue.path.map(String).join(".")] ??= []).push(issue);
  return { ok: false, error, payload: body };
}

const FIELD_LABELS: Record<string, string> = {
  name: "Your name",
  email: "Your email",
  subject: "The subject",
  message: "Your message",
  sourcePage: "The page",
  [HONEYPOT_FIELD]: "That field",
};

export type Checked<T> = { ok: true; data: T } | { ok: false; outcome: FormOutcome };

/** Check a public form's submission (what a browser posts, or a JSON object) against its schema. */
export function checkForm<S extends z.ZodType>(form: FormName, schema: S, input: unknown): Checked<z.output<S>> {
  const readable = input instanceof FormData || input instanceof URLSearchParams || isRecord(input);
  if (!readable) {
    const message = { title: "Invalid Request", description: "Send the form fields as an object." };
    return { ok: false, outcome: { form, status: "rejected", ...message, invalidFields: [] } };
  }
  const parsed = parseSubmissionBody(input, schema);
  return parsed.ok ? { ok: true, data: parsed.value } : { ok: false, outcome: failureOutcome(form, parsed.error, parsed.payload) };
}

/**
 * One message for a failed submission, in the visitor's words, most useful first: a missing
 * field, then a bad e-mail, then a too-long field; requests no form could have sent (unknown
 * fields, values that are not text) are "rejected" with a plain explanation.
 */
export function failureOutcome(form: FormName, error: FieldIssues, payload: Record<string, unknown>): FormOutcome {
  const messages: FormMessages = MESSAGES[form];
  const fail = (status: "invalid" | "rejected", message: Message, invalidFields: string[] = []): FormOutcome => ({
    form,
    status,
    ...message,
    invalidFields,
    values: typedValues(payload),
  });
  if ("notUnderstood" in messages) return fail("invalid", messages.notUnderstood);
  const rejected = (description: string, fields?: string[]) => fail("rejected", { title: "Invalid Request", description }, fields);
  const fieldsWith = (test: (issue: Issue, field: string) => boolean) =>
    Object.entries(error)
      .filter(([field, issues]) => issues.some((issue) => test(issue, field)))
      .map(([field]) => field);

  const unknown = Object.values(error)
    .flat()
    .find((issue) => issue.code === "unrecognized_keys");
  if (unknown) {
    const keys = unknown.keys.map((k) => JSON.stringify(k).slice(0, 60)).join(", ");
    return rejected(`Unknown field: ${keys}. This form does not accept it.`);
  }
  // A field that is absent or empty is missing; one sent as a number, a list or an object is not something a form sends.
  const absent = (field: string) => payload[field] === undefined || payload[field] === null || payload[field] === "";
  const notText = fieldsWith((issue, field) => issue.code === "invalid_type" && !absent(field));
  if (notText.length > 0) return rejected(`${FIELD_LABELS[notText[0]!] ?? notText[0]} must be text.`, notText.slice(0, 1));
  if (fieldsWith((issue) => issue.message === UNKNOWN_PAGE).length > 0) return rejected("This form can't be sent from that page.");
  const missing = fieldsWith((issue) => issue.message === MISSING || issue.code === "invalid_type");
  if (missing.length > 0) return fail("invalid", messages.missing, missing);
  const badEmail = fieldsWith((issue) => issue.message === INVALID_EMAIL);
  if (badEmail.length > 0) return fail("invalid", messages.invalidEmail, badEmail);
  const tooLong = fieldsWith((issue) => issue.message === TOO_LONG);
  if (tooLong.length > 0) {
    const field = tooLong[0]!;
    const limit = FIELD_LIMITS[field as keyof typeof FIELD_LIMITS];
    const label = FIELD_LABELS[field] ?? field;
    const description = limit ? `${label} can be at most ${limit.toLocaleString("en-US")} characters.` : `${label} is too long.`;
    return fail("invalid", { title: "Too Long", description }, tooLong);
  }
  return rejected("This form could not be read. Please try again.");
}

function isRecord(input: unknown): input is Record<string, unknown> {
  return !!input && typeof input === "object" && !Array.isArray(input);
}

/** True when the hidden field only a bot would fill in has something in it. */
export function isBot(input: unknown): boolean {
  if (!isRecord(input)) return false;
  const value = input[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

/** What the visitor typed into the form's text fields (as typed, not as normalised, never the honeypot), to show again. */
export function typedValues(record: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  const values: Record<string, string> = {};
  for (const field of ["name", "email", "subject", "message"] as const) {
    const value = record[field];
    if (typeof value === "string") values[field] = value.slice(0, FIELD_LIMITS[field]);
  }
  return values;
}
