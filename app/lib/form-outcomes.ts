/**
 * What the public forms answer, in the visitor's words: the messages (spec section 8), the
 * outcome shape, the limits. No schema library here, so every page with a form can load this
 * at once; the schemas themselves (./forms.ts) load when a visitor first uses a form.
 */

import { SUPPORT_REPLY_PROMISE } from "~/lib/site";

/** Largest request body a form accepts (the server refuses bigger ones before reading them). */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** Hidden from people; a bot that fills it in is answered "success" and nothing is stored. */
export const HONEYPOT_FIELD = "website";

export const FIELD_LIMITS = { name: 100, email: 255, subject: 200, message: 5_000 } as const;

export type FormName = "lead" | "contact" | "newsletter" | "orderLookup" | "checkout" | "waitlist";

export type Message = { title: string; description: string };

const OOPS: Message = { title: "Oops!", description: "Something went wrong. Please try again." };
export const INVALID_EMAIL_MESSAGE: Message = { title: "Invalid Email", description: "Please enter a valid email address." };
const CONTACT_SENT: Message = { title: "Message sent!", description: SUPPORT_REPLY_PROMISE };
const LINKS_SENT: Message = {
  title: "Check your inbox",
  description:
    "If that address has bought from us, we've sent it an e-mail with a link to a page of all its orders. It should arrive within a few minutes; check your spam folder too.",
};
const CHOICE_NOT_UNDERSTOOD: Message = {
  title: "Error",
  description: "The order bump choice was not understood. Please tick or untick the box and try again.",
};
/** Never shown: a checkout succeeds with the redirect to the payment page. */
const TO_PAYMENT: Message = { title: "Secure Checkout", description: "Continue to the payment page." };

export type FormMessages = Record<"success" | "duplicate" | "failed", Message> &
  // A form with nothing to type (a box, a hidden field) has one message for any failed check.
  ({ missing: Message; invalidEmail: Message } | { notUnderstood: Message });

/** Spec section 8 for the lead form; the contact and newsletter wording follows its style. */
export const MESSAGES = {
  lead: {
    missing: { title: "Missing Information", description: "Please enter both your name and email." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    // The lead form's own answer names the guide it offered (leads.server.ts); this one is for an answer that cannot.
    success: { title: "Success!", description: "Check your email for your free guide!" },
    duplicate: {
      title: "Already Subscribed",
      description: "This email is already on our list! Check your inbox for the guide.",
    },
    failed: OOPS,
  },
  contact: {
    missing: { title: "Missing Information", description: "Please fill in your name, email, subject and message." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: CONTACT_SENT,
    // A repeated message is still a message received: the sender sees the same notice.
    duplicate: CONTACT_SENT,
    failed: OOPS,
  },
  newsletter: {
    missing: { title: "Missing Information", description: "Please enter your email address." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: { title: "Almost done!", description: "Check your inbox and click the link to confirm your subscription." },
    duplicate: { title: "Already Subscribed", description: "This email address is already subscribed to our newsletter." },
    failed: OOPS,
  },
  // A coming-soon product's "Tell me when it opens": one e-mail, when it goes on sale.
  waitlist: {
    missing: { title: "Missing Information", description: "Please enter your email address." },
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: { title: "You're on the list", description: "We'll e-mail you once, when it goes on sale." },
    duplicate: {
      title: "Already on the list",
      description: "This email address is already on the list: we'll e-mail it once, when it opens.",
    },
    failed: OOPS,
  },
  // The lost-link page answers the same whatever the address: it never says whether it bought.
  orderLookup: {
    missing: INVALID_EMAIL_MESSAGE,
    invalidEmail: INVALID_EMAIL_MESSAGE,
    success: LINKS_SENT,
    duplicate: LINKS_SENT,
    failed: OOPS,
  },
  checkout: {
    notUnderstood: CHOICE_NOT_UNDERSTOOD,
    success: TO_PAYMENT,
    duplicate: TO_PAYMENT,
    failed: { title: "Error", description: "Failed to create checkout session. Please try again." },
  },
} as const satisfies Record<FormName, FormMessages>;

/** The checkout's refusals about the product itself (app/server/payments/checkout.server.ts). */
export const CHECKOUT_REFUSALS = {
  unknown: { title: "Not Found", description: "There is no product at this address." },
  notOnSale: (name: string) => ({ title: "Not on sale", description: `The ${name} is not on sale, so it cannot be bought.` }),
  priceChanged: (prices: string) => ({
    title: "The price changed",
    description: `The price changed since this page was opened: it is now ${prices}. Nothing was charged. Please check your order and try again.`,
  }),
} as const;

export const TOO_MANY_ATTEMPTS: Message = {
  title: "Too Many Attempts",
  description: "You've sent this form too many times. Please wait a minute and try again.",
};

export type OutcomeStatus = "success" | "duplicate" | "invalid" | "rejected" | "refused" | "unavailable";

/** What a submission led to: the message to show, and which fields it is about. */
export type FormOutcome = Message & {
  form: FormName;
  status: OutcomeStatus;
  /** Fields to mark aria-invalid and tie (aria-describedby) to the message. */
  invalidFields?: string[];
  /** What was typed, so a page rendered after a submission without JavaScript keeps it on failure. */
  values?: Record<string, string>;
  /** The lead form's answer: the key with which this browser may ask about its guide e-mail ("Send it again"). */
  resend?: string;
};

/** The HTTP status that goes with an outcome. */
export const OUTCOME_STATUS_CODES: Record<OutcomeStatus, number> = {
  success: 200,
  // Already on the list is an answer, not an error: the body says "duplicate". (A 4xx would
  // also make browsers log an error for an ordinary outcome.)
  duplicate: 200,
  invalid: 400,
  rejected: 400,
  /** The payment provider refused what we asked of it. */
  refused: 502,
  unavailable: 503,
};

export function outcome(form: FormName, status: "success" | "duplicate" | "unavailable"): FormOutcome {
  const key = status === "unavailable" ? "failed" : status;
  return { form, status, ...MESSAGES[form][key] };
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
