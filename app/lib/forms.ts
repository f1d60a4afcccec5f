/**
 * The three public forms: one schema each, run by the browser (instant messages) and again by
 * the server (the authority). `zod/mini` keeps the browser's share small. Every message a
 * visitor can see comes from here, so the two sides can never disagree.
 */
import { z } from "zod/mini";

/** Largest request body a form accepts (the server refuses bigger ones before reading them). */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** Hidden from people; a bot that fills it in is answered "success" and nothing is stored. */
export const HONEYPOT_FIELD = "website";

export const FIELD_LIMITS = { name: 100, email: 255, subject: 200, message: 5_000 } as const;

/** Text, "@", text, ".", text: the check the spec asks for (the real test is the e-mail arriving). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Issue codes carried as messages, turned into the visitor's wording by `checkForm`. */
const MISSING = "missing";
const TOO_LONG = "too_long";
const INVALID_EMAIL = "invalid_email";
const UNKNOWN_PAGE = "unknown_page";

const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, MISSING), z.maxLength(max, TOO_LONG));

/** Trimmed and lowercased, so " Ann@Example.com " and "ann@example.com" are one subscriber. */
const email = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, MISSING),
    z.maxLength(FIELD_LIMITS.email, TOO_LONG),
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

export type FormName = "lead" | "contact" | "newsletter";

export type Message = { title: string; description: string };

const OOPS: Message = { title: "Oops!", description: "Something went wrong. Please try again." };
const INVALID_EMAIL_MESSAGE: Message = { title: "Invalid Email", description: "Please enter a valid email address." };

/** Spec section 8 for the lead form; the contact and newsletter wording follows its style. */
export const MESSAGES = {
  lead: {
    missing: { title: "Missing Information", description: "Please enter both your name and email." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: { title: "Success!", description: "Check your email for your free Credit Repair Starter Guide!" },
    duplicate: {
      title: "Already Subscribed",
      description: "This email is already on our list! Check your inbox for the guide.",
    },
    failed: OOPS,
  },
  contact: {
    missing: { title: "Missing Information", description: "Please fill in your name, email, subject and message." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: { title: "Message sent!", description: "We'll get back to you within 24 hours." },
    duplicate: { title: "Message sent!", description: "We'll get back to you within 24 hours." },
    failed: OOPS,
  },
  newsletter: {
    missing: { title: "Missing Information", description: "Please enter your email address." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: { title: "Subscribed!", description: "Thanks! Practical money tips are on their way, about twice a month." },
    duplicate: { title: "Already Subscribed", description: "This email address is already subscribed to our newsletter." },
    failed: OOPS,
  },
} as const satisfies Record<FormName, Record<"missing" | "invalidEmail" | "success" | "duplicate" | "failed", Message>>;

export const TOO_MANY_ATTEMPTS: Message = {
  title: "Too Many Attempts",
  description: "You've sent this form too many times. Please wait a minute and try again.",
};

const FIELD_LABELS: Record<string, string> = {
  name: "Your name",
  email: "Your email",
  subject: "The subject",
  message: "Your message",
  sourcePage: "The page",
  [HONEYPOT_FIELD]: "That field",
};

export type OutcomeStatus = "success" | "duplicate" | "invalid" | "rejected" | "unavailable";

/** What a submission led to: the message to show, and which fields it is about. */
export type FormOutcome = Message & {
  form: FormName;
  status: OutcomeStatus;
  /** Fields to mark aria-invalid and tie (aria-describedby) to the message. */
  invalidFields?: string[];
  /** What was typed, so a page rendered after a submission without JavaScript keeps it on failure. */
  values?: Record<string, string>;
};

/** The HTTP status that goes with an outcome. */
export const OUTCOME_STATUS_CODES: Record<OutcomeStatus, number> = {
  success: 200,
  duplicate: 409,
  invalid: 400,
  rejected: 400,
  unavailable: 503,
};

export function outcome(form: FormName, status: "success" | "duplicate" | "unavailable"): FormOutcome {
  const key = status === "unavailable" ? "failed" : status;
  return { form, status, ...MESSAGES[form][key] };
}

type Schema<T> = {
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
function typedValues(record: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  const values: Record<string, string> = {};
  for (const field of ["name", "email", "subject", "message"] as const) {
    const value = record[field];
    if (typeof value === "string") values[field] = value.slice(0, FIELD_LIMITS[field]);
  }
  return values;
}

/**
 * In the browser (a route's clientAction): the server's outcome, or, when the request never
 * reached the action (refused by the server's protections, or the network failed), an outcome
 * the form can show instead of an error page.
 */
export async function submitFromBrowser(form: FormName, serverAction: () => Promise<FormOutcome>): Promise<FormOutcome> {
  try {
    return await serverAction();
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { form, status: "rejected", ...refusal };
    return outcome(form, "unavailable");
  }
}

/** The { title, description } JSON the server's protections answer with (429, 403, 413). */
function refusalOf(error: unknown): Message | undefined {
  if (!error || typeof error !== "object" || !("status" in error) || !("data" in error)) return undefined;
  const { data } = error as { data: unknown };
  try {
    const parsed: unknown = typeof data === "string" ? JSON.parse(data) : data;
    if (parsed && typeof parsed === "object") {
      const { title, description } = parsed as Record<string, unknown>;
      if (typeof title === "string" && typeof description === "string") return { title, description };
    }
  } catch {
    // Not one of ours: fall through to the generic message.
  }
  return undefined;
}
