import { sql } from "drizzle-orm";
import { BROADCAST_KINDS, LIST_KINDS, OUTBOX_KINDS, type OutboxKind } from "./mail-kinds";
import { SENDING_STAGES, type SendingStage } from "../app/lib/sending-problem";
import { PRODUCT_STATUSES, type ProductStatus } from "../app/lib/product-status";
import { UPLOADED_FILE_FORMATS, type UploadedFileFormat } from "../app/lib/uploaded-file-formats";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    leadMagnet: text("lead_magnet").notNull(),
    /** Which free guide was asked for (app/lib/guides.ts): one lead per address and guide. */
    guide: text("guide").notNull().default("credit-repair"),
    /** When the reader first used this guide's e-mail button (/guide/<token>): the guide was opened. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** SHA-256 of the key the form's answer gave this browser to ask for the guide e-mail again ("Send it again"). */
    resendKeyHash: text("resend_key_hash"),
    sourcePage: text("source_page").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("leads_email_guide_unique").on(t.email, t.guide),
    // A contact's history finds its leads by address in any case; the overview counts a window's leads (issue 44).
    index("leads_lower_email_idx").on(sql`lower(${t.email})`),
    index("leads_created_at_idx").on(t.createdAt),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** When the owner marked it handled in the dashboard; null while it waits. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_lower_email_idx").on(sql`lower(${t.email})`)],
);

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Double opt-in: pending until the confirmation link's page is used; the consent is recorded. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    /** Where and under which wording the address was given (the consent record). */
    consentPage: text("consent_page"),
    consentVersion: text("consent_version"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    unique("newsletter_subscribers_email_unique").on(t.email),
    index("newsletter_subscribers_lower_email_idx").on(sql`lower(${t.email})`),
    check("newsletter_subscribers_status_check", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

/**
 * One product of an order as charged: `unitAmountCents` is what the buyer paid for it (a refund of
 * the line gives back exactly that); `fullUnitCents`, only on a line a promotion code reduced, is
 * the price the checkout showed before the code (receipts show it, then the code's line).
 */
export type StoredOrderLine = { id: string; name: string; unitAmountCents: number; quantity: number; fullUnitCents?: number };
/** disputed: the buyer's bank opened a chargeback; like refunded, it ends access to the files. */
export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded", "disputed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").notNull(),
    lines: jsonb("lines").$type<StoredOrderLine[]>().notNull(),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    customerEmail: text("customer_email"),
    /** The provider's payment id (Stripe PaymentIntent), once known: refunds name the payment, not the session. */
    providerPaymentId: text("provider_payment_id"),
    /** The article whose promo link started this checkout (a validated slug), for the dashboard's per-article sales. */
    sourceArticle: text("source_article"),
    /**
     * The utm_campaign of the list e-mail whose link brought the buyer (a broadcast or a sequence
     * step, e.g. "welcome-3-toolkit"), for the dashboard's sales per e-mail. Null for other visits.
     */
    campaign: text("campaign"),
    /**
     * SHA-256 of the random key in the cookie of the browser that started this checkout: only that
     * browser is shown the order link and files on the success page (whose address may be shared).
     */
    buyerKeyHash: text("buyer_key_hash"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The promotion code applied (issue 53 item 5), and its text as applied: what pages and e-mails name. */
    promotionCodeId: integer("promotion_code_id").references((): AnyPgColumn => promotionCodes.id),
    promotionCode: text("promotion_code"),
    /** What the code took off the lines' shown prices, in cents (the lines hold what was charged). */
    discountCents: integer("discount_cents").notNull().default(0),
    /** The canonical address a once-per-buyer code was checked for (and the payment page was given). */
    promotionBuyer: text("promotion_buyer"),
    /**
     * When the provider's session stops taking payment, for a session we gave an end (one with a
     * code: its use is held until then, app/server/shop/promotions.server.ts); null: the provider's own.
     */
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("orders_provider_session_id_unique").on(t.providerSessionId),
    index("orders_promotion_code_idx").on(t.promotionCodeId),
    check("orders_discount_check", sql`${t.discountCents} >= 0`),
    index("orders_provider_payment_id_idx").on(t.providerPaymentId),
    // Issue 44, at 20,000 orders: the overview's windows (paid and started), a buyer's orders by
    // address (the audiences' "bought", a contact's history in any case).
    index("orders_paid_at_idx").on(t.paidAt),
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_customer_email_idx").on(t.customerEmail),
    index("orders_lower_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'failed', 'refunded', 'disputed')`),
    check("orders_amount_total_check", sql`${t.amountTotal} > 0`),
  ],
);

/** Payment-provider events already handled, so a repeated delivery changes nothing twice. */
export const processedEvents = pgTable("processed_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The products a paid order gives access to (granted in the same statement that marks it paid). */
export const entitlements = pgTable(
  "entitlements",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "entitlements_pk", columns: [t.orderId, t.productId] })],
);

/**
 * Money given back on an order, one row per refund the order's products explain: `product_id` names
 * the product refunded (at most once per order: the unique key makes a repeated or concurrent refund
 * of it change nothing), null for an amount refunded at the provider that matches no product (kept,
 * counted in the figures, and shown to the owner as needing a look). An order whose every product has
 * a row is `refunded`; with some, it is partly refunded and the others stay downloadable.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id"),
    amountCents: integer("amount_cents").notNull(),
    /** The provider event that refunded it (processed_events), for the record. */
    eventId: text("event_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("order_refunds_order_product_unique").on(t.orderId, t.productId),
    // Zero: a product a promotion code made free, given back with the rest (nothing to return for it).
    check("order_refunds_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Refunds asked of the payment provider, one per order and part (a product's id, or "whole": what
 * is left of the charge), written in a committed statement of its own before the provider is
 * called (issue 51): a repeat of the same refund (the owner presses again, the script runs again,
 * a crash between the call and our noting its answer) finds the row and asks the provider what
 * became of it instead of refunding again, however long after (Stripe keeps an idempotency key
 * for 24 hours only). `provider_refund_id` is the provider's refund once its answer was noted;
 * the refund itself is recorded in order_refunds when the provider's event says it happened.
 */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The product refunded alone, or "whole" (everything not refunded yet). */
    part: text("part").notNull(),
    /** A product's amount; null for "whole" (what the provider has left of the charge). */
    amountCents: integer("amount_cents"),
    provider: text("provider").$type<"stripe" | "test">().notNull(),
    providerRefundId: text("provider_refund_id"),
    /** The provider's word on the refund when last asked (Stripe: pending, succeeded, failed...). */
    providerStatus: text("provider_status"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("refund_requests_order_part_unique").on(t.orderId, t.part),
    check("refund_requests_amount_check", sql`${t.amountCents} IS NULL OR ${t.amountCents} > 0`),
  ],
);

/** Order page links: only a SHA-256 of each random token is stored; each is valid for a year. */
export const orderAccessTokens = pgTable(
  "order_access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Which message or page the link was made for (receipt, success-page, lost-link, review-request). */
    purpose: text("purpose").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_access_tokens_order_id_idx").on(t.orderId)],
);

/** Downloads per file per order (a soft limit shows "contact support" past it). */
export const downloads = pgTable(
  "downloads",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fileId: text("file_id").notNull(),
    count: integer("count").notNull().default(0),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "downloads_pk", columns: [t.orderId, t.fileId] })],
);

/**
 * `interrupted`: a list message whose sending started (send_started_at) but whose worker died
 * before recording the outcome; it may or may not have arrived and is never sent again
 * (decision 035). `cancelled`: its broadcast was cancelled before it went.
 */
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "suppressed", "interrupted", "cancelled"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

// The messages the site sends (each defined in app/server/mail/messages/), and which of them are list mail.
export { BROADCAST_KINDS, LIST_KINDS, OUTBOX_KINDS };
export type { BroadcastKind, ListKind, OutboxKind } from "./mail-kinds";

/**
 * Fixed words of the schema as a list of SQL string literals (`'a', 'b'`), for checks and index
 * conditions, which PostgreSQL can only match against literals. For the schema's own constants,
 * never for input.
 */
export const sqlWordList = (words: readonly string[]) => sql.raw(words.map((word) => `'${word}'`).join(", "));

/**
 * Every e-mail, written in the same statement as what causes it; a worker sends it. The dedupe
 * key makes a second cause of the same message a no-op.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    toAddress: text("to_address").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The earliest the message may go (a review request waits days after the payment); its day
     * of retries counts from here, not from when the row was written.
     */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row holds it until then; after that another may take it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * A random value written by the claim that holds the row: a worker renews the lease just before
     * sending and records the outcome only while the row still carries its own token.
     */
    claimToken: text("claim_token"),
    lastError: text("last_error"),
    /** What the transport said: the SMTP response, or the .eml file written. */
    sentInfo: text("sent_info"),
    /**
     * List mail only: set with the lease renewal just before the message is handed to SMTP. A
     * list row whose lease ran out with this set is recorded `interrupted`, never sent again.
     */
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    unique("outbox_dedupe_key_unique").on(t.dedupeKey),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    // What a worker claims, in id order, each kind of mail from its own small index: with 10,000
    // broadcast rows waiting, a claim read and sorted all of them (13 ms on PGlite), and the claim
    // for other mail, which goes first, read them all to find none.
    index("outbox_pending_transactional_idx")
      .on(t.id)
      .where(sql`${t.status} = 'pending' and ${t.kind} not in (${sqlWordList(LIST_KINDS)})`),
    index("outbox_pending_list_idx")
      .on(t.id)
      .where(sql`${t.status} = 'pending' and ${t.sendStartedAt} is null and ${t.kind} in (${sqlWordList(LIST_KINDS)})`),
    // List rows handed to SMTP and not yet recorded: at most a group per worker (recordInterrupted).
    // On id, not locked_until, so that a claim (which sets locked_until) can stay a HOT update.
    index("outbox_send_started_idx")
      .on(t.id)
      .where(sql`${t.status} = 'pending' and ${t.sendStartedAt} is not null`),
    // Issue 44, at 1.5 million rows, each index paid for by every row a broadcast queues: a
    // broadcast's rows still waiting (the "sent" check, a cancel), its rows by contact (who left
    // after it), an order's e-mails, other mail by address (a contact's history, in any case),
    // what went in the last minute.
    index("outbox_broadcast_pending_idx")
      .on(sql`((${t.payload}->>'broadcastId')::int)`)
      .where(sql`${t.kind} in (${sqlWordList(BROADCAST_KINDS)}) and ${t.status} = 'pending'`),
    index("outbox_broadcast_contact_idx")
      .on(sql`((${t.payload}->>'contactId')::int)`)
      .where(sql`${t.kind} = 'broadcast'`),
    index("outbox_order_idx")
      .on(sql`(${t.payload}->>'orderId')`)
      .where(sql`(${t.payload}->>'orderId') is not null`),
    index("outbox_lower_to_address_idx")
      .on(sql`lower(${t.toAddress})`)
      .where(sql`${t.kind} <> 'broadcast'`),
    index("outbox_sent_at_idx")
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    check("outbox_status_check", sql`${t.status} in (${sqlWordList(OUTBOX_STATUSES)})`),
    check("outbox_kind_check", sql`${t.kind} in (${sqlWordList(OUTBOX_KINDS)})`),
  ],
);

/** Single-purpose links in e-mails (newsletter confirmation, unsubscribe): hashes only. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    /** "purchases": the page of every order of the address; "updates-stop": a product update's one-click stop (decision 071). */
    purpose: text("purpose")
      .$type<"newsletter-confirm" | "unsubscribe" | "prove" | "purchases" | "updates-stop" | "disputes-stop">()
      .notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When a single-use link (a newsletter confirmation) was used: it confirms nothing a second time (issue 51). */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  // Every list e-mail mints an unsubscribe link (kept two years): the sweep finds the expired ones by this.
  (t) => [index("email_tokens_expires_at_idx").on(t.expiresAt)],
);

export const SUPPRESSION_REASONS = ["unsubscribed", "hard_bounce", "complaint", "owner"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * One row per address the site knows (guide leads, newsletter subscribers, buyers, imports): the
 * one audience. Its suppression is checked by every send path at send time (app/server/audience/).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    /** Lowercased, as every form stores it. */
    email: text("email").notNull(),
    name: text("name"),
    createdAt: createdAt(),
    /** When the address first used a link from an e-mail we sent it: it is theirs. */
    provedAt: timestamp("proved_at", { withTimezone: true }),
    suppression: text("suppression").$type<SuppressionReason>(),
    suppressedAt: timestamp("suppressed_at", { withTimezone: true }),
    /** What caused it: "unsubscribe link", "SMTP 550 5.1.1 ...", "postmark SpamComplaint". */
    suppressionDetail: text("suppression_detail"),
    /**
     * When the person stopped the updates about what they bought (the one-click link of a product
     * update, decision 071): no more of them, whatever they bought; receipts and files are not
     * touched, and neither is the newsletter. Null: updates go to them while they own a product.
     */
    productUpdatesStoppedAt: timestamp("product_updates_stopped_at", { withTimezone: true }),
    /**
     * Its tags, A to Z, each once (app/lib/tags.ts says what a tag may be): what they asked for,
     * read about, bought or were imported with, and the owner's own. On the contact's own row, so
     * tagging a lead costs no extra rows; filtered by a GIN index (`@>`, `&&`).
     */
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    unique("contacts_email_unique").on(t.email),
    index("contacts_tags_idx").using("gin", t.tags),
    // The few suppressed contacts, by when (who left after a broadcast reached them).
    index("contacts_suppressed_idx")
      .on(t.suppressedAt)
      .where(sql`${t.suppression} is not null`),
    // The list's "added in the last N days" (the overview's new leads).
    index("contacts_created_at_idx").on(t.createdAt),
    check("contacts_tags_check", sql`array_to_string(${t.tags}, ' ') ~ '^([a-z0-9][a-z0-9-]{0,39}( |$))*$'`),
    check(
      "contacts_suppression_check",
      sql`${t.suppression} is null or ${t.suppression} in ('unsubscribed', 'hard_bounce', 'complaint', 'owner')`,
    ),
  ],
);

/**
 * What a consent covers (issue 40): the follow-ups of the guide a reader asked for, the newsletter
 * (every broadcast), a buyer's own mail (receipt, lost link, the one review request), and the one
 * e-mail saying a coming-soon product is on sale (its page's "Tell me when it opens", issue 53).
 */
export const CONSENT_PURPOSES = ["guide_followups", "newsletter", "buyer", "waitlist"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Each consent as given: for what, where, when, under which wording; withdrawn by an unsubscribe. */
export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<ConsentPurpose>().notNull(),
    /** The form and page ("lead-form /blog/slug", "newsletter /blog") or "import: <source>". */
    source: text("source").notNull(),
    wordingVersion: text("wording_version").notNull(),
    createdAt: createdAt(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("consents_contact_id_idx").on(t.contactId),
    // The newsletter audience's two lists (audience.server.ts), each read from its index alone (issue 44).
    index("consents_newsletter_current_idx")
      .on(t.contactId)
      .where(sql`${t.purpose} = 'newsletter' and ${t.withdrawnAt} is null`),
    index("consents_newsletter_imported_idx")
      .on(t.contactId)
      .where(sql`${t.purpose} = 'newsletter' and ${t.withdrawnAt} is null and ${t.source} like 'import:%'`),
    check("consents_purpose_check", sql`${t.purpose} in (${sqlWordList(CONSENT_PURPOSES)})`),
  ],
);

/** What happened to a contact, for its history: consents, proof, suppression, imports. */
export const contactEvents = pgTable(
  "contact_events",
  {
    id: serial("id").primaryKey(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("contact_events_contact_id_idx").on(t.contactId)],
);

/**
 * The welcome sequence's steps: seeded from content/sequence/*.md (inserted once, by id), then
 * the owner's edits live here. `delay_minutes` counts from the previous step (the first: from
 * the moment the address proved itself).
 */
export const sequenceSteps = pgTable(
  "sequence_steps",
  {
    id: text("id").primaryKey(),
    /** The guide whose sequence this step belongs to (app/lib/guides.ts). */
    guide: text("guide").notNull().default("credit-repair"),
    position: integer("position").notNull(),
    subject: text("subject").notNull(),
    preview: text("preview").notNull(),
    body: text("body").notNull(),
    delayMinutes: integer("delay_minutes").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("sequence_steps_guide_position_unique").on(t.guide, t.position),
    check("sequence_steps_delay_check", sql`${t.delayMinutes} >= 0`),
  ],
);

export const ENROLLMENT_STATUSES = ["active", "done", "stopped"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/**
 * A contact in the welcome sequence: the position of the step it waits for and when that step
 * is due. `last_sent_at` is when the previous step was queued (a changed delay reschedules from it).
 */
export const sequenceEnrollments = pgTable(
  "sequence_enrollments",
  {
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** Whose sequence: one enrolment per contact and guide. */
    guide: text("guide").notNull().default("credit-repair"),
    status: text("status").$type<EnrollmentStatus>().notNull().default("active"),
    nextPosition: integer("next_position").notNull().default(1),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
    /** When this enrolment last had a step queued (none yet: null); a contact gets one step a day across its sequences. */
    stepSentAt: timestamp("step_sent_at", { withTimezone: true }),
    /**
     * The last position this reader's consent covers (null: every step). A reader who agreed to
     * an earlier, shorter promise ("about two weeks") ends where it did, whatever steps follow.
     */
    lastPosition: integer("last_position"),
    stoppedReason: text("stopped_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "sequence_enrollments_pkey", columns: [t.contactId, t.guide] }),
    index("sequence_enrollments_due_idx").on(t.status, t.nextAt),
    check("sequence_enrollments_status_check", sql`${t.status} in ('active', 'done', 'stopped')`),
  ],
);

/**
 * Page views: one counter per UTC day and path, nothing about the visitor (no address, no
 * cookie, no user agent). Counted by the static page server (app/server/admin/page-views.server.ts).
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ name: "page_views_pk", columns: [t.day, t.path] }), check("page_views_views_check", sql`${t.views} >= 0`)],
);

/**
 * Page views older than PAGE_VIEWS_KEEP_DAYS, one counter per month (its first day) and path,
 * rolled up from page_views by the sweep (app/server/admin/page-views.server.ts).
 */
export const pageViewsMonthly = pgTable(
  "page_views_monthly",
  {
    month: date("month", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "page_views_monthly_pk", columns: [t.month, t.path] }),
    check("page_views_monthly_views_check", sql`${t.views} >= 0`),
    check("page_views_monthly_month_check", sql`extract(day from ${t.month}) = 1`),
  ],
);

/** What the owner did in the dashboard (refunds, resends, resets, retries, handled messages), for the record. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    action: text("action").notNull(),
    /** The order, message or outbox row acted on, as "order:12", "message:3", "outbox:7". */
    target: text("target").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_at_idx").on(t.createdAt)],
);

/**
 * Rate-limit counters shared by every server process (express-rate-limit's store,
 * app/server/rate-limit-store.server.ts): one row per limiter and client key, counting hits until
 * reset_at; an expired row starts over on its next hit and is deleted now and then.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * The owner's dashboard sessions: the signed cookie carries a random id whose SHA-256 is a row
 * here, so logging out (which deletes the row) ends the session even for a copy of the cookie.
 */
export const ownerSessions = pgTable(
  "owner_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("owner_sessions_expires_at_idx").on(t.expiresAt)],
);

export const REVIEW_STATUSES = ["pending", "approved", "rejected", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * Buyers' reviews (16 CFR 465): one per order, written from the order's private page. The buyer
 * may change it until the owner approves it; nobody changes its words after that. The owner
 * approves, rejects or hides it for a content reason only (moderation_reason), never for its
 * stars, and every decision is in admin_audit_log.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    /** First name and last initial, as the buyer typed them ("Maria S."). */
    displayName: text("display_name").notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    /** The content rule a rejection or a hide cites (app/lib/forms/review.ts). */
    moderationReason: text("moderation_reason"),
    createdAt: createdAt(),
    /** When the buyer last wrote it: the date an approved review shows. */
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** Approved by the site after the owner's days passed with no decision (16 CFR 465.7), not by the owner. */
    autoPublished: boolean("auto_published").notNull().default(false),
  },
  (t) => [
    unique("reviews_order_id_unique").on(t.orderId),
    index("reviews_status_idx").on(t.status, t.writtenAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'hidden')`),
  ],
);

export { PRODUCT_STATUSES, type ProductStatus };

/** One line of a product's "what's included" list; a bonus is listed apart, after the rest. */
export type IncludedItem = { label: string; bonus: boolean };

/**
 * The products (issue 53): seeded from the shipped catalogue on a first start
 * (app/server/shop/product-seed.server.ts), then the owner's. `id` is the key every order line,
 * entitlement, refund and tag already uses ("toolkit", "power-pack"), fixed for ever; the
 * address (`slug`) may change, its old one redirecting (product_redirects). `price_cents` is what
 * the checkout charges now; what it charged before is product_prices. Files (issue 53 item 2)
 * and promotion codes (item 5) join by `product_id` references to this id (decision 070).
 */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    included: jsonb("included").$type<IncludedItem[]>().notNull().default([]),
    /** The short description: cards, the checkout's add-on, the product page's lead. */
    summary: text("summary").notNull(),
    /** The product page, in Markdown; `html` is it rendered and sanitized when saved (as an article's). */
    body: text("body").notNull().default(""),
    html: text("html").notNull().default(""),
    /** An uploaded cover (article_images, the articles' upload), or none. */
    imageId: integer("image_id").references(() => articleImages.id),
    imageAlt: text("image_alt").notNull().default(""),
    status: text("status").$type<ProductStatus>().notNull().default("draft"),
    /** The product offered as the order bump on this product's checkout, if any. */
    bumpProductId: text("bump_product_id"),
    /**
     * A sale (issue 53 item 5): this price from `sale_starts_at` until `sale_ends_at` (none: until
     * the owner ends it). The price history holds the same spells, written when the sale is saved.
     */
    salePriceCents: integer("sale_price_cents"),
    saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }),
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The edit count the editor's version check compares (a save over a newer one is refused). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("products_slug_unique").on(t.slug),
    check("products_status_check", sql`${t.status} in (${sqlWordList(PRODUCT_STATUSES)})`),
    // Stripe's smallest charge in dollars is $0.50; a free product is not sold through a checkout.
    check("products_price_check", sql`${t.priceCents} >= 50`),
    check("products_bump_check", sql`${t.bumpProductId} is null or ${t.bumpProductId} <> ${t.id}`),
    check("products_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "products_sale_check",
      sql`(${t.salePriceCents} is null and ${t.saleStartsAt} is null and ${t.saleEndsAt} is null) or (${t.salePriceCents} >= 50 and ${t.salePriceCents} < ${t.priceCents} and ${t.saleStartsAt} is not null and (${t.saleEndsAt} is null or ${t.saleStartsAt} < ${t.saleEndsAt}))`,
    ),
  ],
);

export const PROMOTION_KINDS = ["amount", "percent"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/**
 * The owner's promotion codes (/admin/offers): an amount (cents) or a percentage off, for one
 * product or every one, until `ends_at` (none: until disabled), at most `max_uses` paid or open
 * checkouts (none: unlimited), once per buyer by canonical address when `once_per_buyer`. Stored
 * upper-case, so unique whatever the case typed. Never deleted (orders name them): disabled.
 */
export const promotionCodes = pgTable(
  "promotion_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").$type<PromotionKind>().notNull(),
    value: integer("value").notNull(),
    productId: text("product_id").references(() => products.id),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    oncePerBuyer: boolean("once_per_buyer").notNull().default(true),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("promotion_codes_code_unique").on(t.code),
    check("promotion_codes_code_check", sql`${t.code} ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$'`),
    check("promotion_codes_kind_check", sql`${t.kind} in (${sqlWordList(PROMOTION_KINDS)})`),
    check(
      "promotion_codes_value_check",
      sql`(${t.kind} = 'amount' and ${t.value} >= 1) or (${t.kind} = 'percent' and ${t.value} between 1 and 99)`,
    ),
    check("promotion_codes_max_uses_check", sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
  ],
);

/** A product's former addresses: /products/<old> answers 301 to its current one. */
export const productRedirects = pgTable("product_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  productId: text("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * Every price a product had, with when it was charged (16 CFR 233.1, issue 53 item 4): one open row
 * (`valid_until` null) per product, the price charged now; a change closes it and opens the next
 * in one transaction. "Normally $X" is decided from these rows alone (app/lib/former-price.ts).
 * `product_id` names a product without a reference: rows migrated from the typed former prices
 * (migration 0031) came before the products were seeded.
 */
export const productPrices = pgTable(
  "product_prices",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
  },
  (t) => [
    index("product_prices_product_idx").on(t.productId, t.validFrom),
    uniqueIndex("product_prices_one_open_idx")
      .on(t.productId)
      .where(sql`${t.validUntil} is null`),
    check("product_prices_price_check", sql`${t.priceCents} > 0`),
    check("product_prices_dates_check", sql`${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`),
  ],
);

/**
 * "Tell me when it opens" (a coming-soon product's page): one row per product and contact, with the
 * waitlist consent recorded beside it. `notified_at`: when the one opening e-mail was queued.
 */
export const productWaitlist = pgTable(
  "product_waitlist",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ name: "product_waitlist_pk", columns: [t.productId, t.contactId] })],
);

/** Owner settings kept in the database (one row per key), e.g. how many approved reviews /checkout waits for. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Bytes as PostgreSQL bytea (PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const ARTICLE_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** A source an article cites, listed under it. */
export type ArticleSource = { title: string; url: string };

/**
 * The articles (issue 24): the database is the source once the server has started; the Markdown
 * files in app/content/articles are the seed (shipped_key names the file an article came from, so
 * a later start adds a shipped article it lacks and never touches one the owner has edited).
 * `html` is the body rendered and sanitized when it was saved. `version` is the edit count the
 * editor's version check compares. An article is live when published, or scheduled with
 * publish_at reached (each server compares with its own clock; nothing has to flip the row).
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    shippedKey: text("shipped_key"),
    status: text("status").$type<ArticleStatus>().notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    excerpt: text("excerpt").notNull(),
    /** <meta name="description">; the page's <title> is seo_title when set, the title otherwise. */
    description: text("description").notNull(),
    seoTitle: text("seo_title"),
    category: text("category").notNull(),
    /** The date the article shows as published (YYYY-MM-DD). */
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    reviewedOn: date("reviewed_on", { mode: "string" }).notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    body: text("body").notNull(),
    html: text("html").notNull(),
    imageAlt: text("image_alt").notNull(),
    /** An uploaded cover (article_images), or null for a shipped article's built illustration (shipped_image). */
    imageId: integer("image_id").references(() => articleImages.id),
    shippedImage: text("shipped_image"),
    sortOrder: integer("sort_order").notNull(),
    related: jsonb("related").$type<string[]>().notNull().default([]),
    closingCta: text("closing_cta"),
    affiliates: jsonb("affiliates").$type<string[]>().notNull().default([]),
    sources: jsonb("sources").$type<ArticleSource[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("articles_slug_unique").on(t.slug),
    unique("articles_shipped_key_unique").on(t.shippedKey),
    check("articles_status_check", sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
    check("articles_publish_at_check", sql`${t.status} not in ('scheduled', 'published') or ${t.publishAt} is not null`),
  ],
);

/** Every save of an article: the editable fields as they were saved, to compare and restore. */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    note: text("note").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("article_revisions_article_version_unique").on(t.articleId, t.version)],
);

/** An article's former slugs: /blog/<old> answers 301 to the article's current address. */
export const articleRedirects = pgTable("article_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  articleId: integer("article_id")
    .notNull()
    .references(() => articles.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** An uploaded cover image; its encoded sizes and formats are article_image_files. */
export const articleImages = pgTable("article_images", {
  id: serial("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: createdAt(),
});

/** One encoded file of an uploaded image ("640.avif", "1280.webp", "og.jpg"), served by every server from here. */
export const articleImageFiles = pgTable(
  "article_image_files",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => articleImages.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ name: "article_image_files_pk", columns: [t.imageId, t.name] })],
);

/**
 * A file the owner uploaded for a product (issue 53 item 2, decision 072): the toolkit's and the
 * Power Pack's files are built from products/src and live on disk; every other product's are here,
 * bytes and all, so every server serves them. `id` ("u-" and 12 hex digits, never a built file's
 * id) is what a buyer's link, the download counts and the zip use; a replacement keeps it and
 * changes the bytes, so every buyer gets the new file at once. A listing selects the columns it
 * needs, never `bytes`.
 */
export const uploadedProductFiles = pgTable(
  "product_files",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    /** What the order page shows. */
    title: text("title").notNull(),
    /** The download's name (sanitised, its extension the format's). */
    fileName: text("file_name").notNull(),
    /** Decided from the bytes when uploaded (app/server/shop/file-kind.server.ts), never from the name. */
    format: text("format").$type<UploadedFileFormat>().notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    /** When its bytes were last replaced (or first uploaded). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_files_product_idx").on(t.productId, t.sortOrder),
    check("product_files_id_check", sql`${t.id} ~ '^u-[0-9a-f]{12}$'`),
    check("product_files_format_check", sql`${t.format} in (${sqlWordList(UPLOADED_FILE_FORMATS)})`),
    check("product_files_size_check", sql`${t.size} > 0 and ${t.size} = octet_length(${t.bytes})`),
  ],
);

/**
 * One row: a number raised in the same transaction as every article change. Each server reads it
 * every second and, when it moved, reloads the articles and drops its cached pages.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: integer("version").notNull(),
  },
  (t) => [check("content_version_one_row", sql`${t.id} = 1`)],
);

export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "paused", "cancelled", "sent"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** Who a broadcast goes to: any combination (app/server/audience/audience.server.ts defines each). */
export const BROADCAST_AUDIENCES = ["newsletter", "guide", "buyers"] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/**
 * A one-off e-mail to the list. Editable while a draft or scheduled; its recipients are queued in
 * the outbox in one statement when it starts. `version` goes up with every change, so a form
 * loaded before another tab's change is refused instead of overwriting it.
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    preview: text("preview").notNull().default(""),
    body: text("body").notNull().default(""),
    audiences: jsonb("audiences").$type<BroadcastAudience[]>().notNull().default([]),
    /** Within the audiences, only contacts with any of these tags (none: no such limit). */
    includeTags: jsonb("include_tags").$type<string[]>().notNull().default([]),
    /** Contacts with any of these tags are left out. */
    excludeTags: jsonb("exclude_tags").$type<string[]>().notNull().default([]),
    status: text("status").$type<BroadcastStatus>().notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    /** Recipients queued when it started (after suppressions). */
    queued: integer("queued").notNull().default(0),
    /** The article it was made from ("Publish and e-mail", issue 42), if any. */
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    /**
     * An update to this product's buyers (issue 53, decision 071): it goes to everyone who bought
     * the product and was not refunded for it, as a "product-update" copy each, instead of to the
     * audiences (which stay empty). Null: a newsletter broadcast.
     */
    productId: text("product_id"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("broadcasts_status_check", sql`${t.status} in (${sqlWordList(BROADCAST_STATUSES)})`),
    check("broadcasts_scheduled_check", sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`),
    index("broadcasts_article_id_idx").on(t.articleId),
  ],
);

/**
 * The list-mail send rate shared by every server process: one token bucket row, refilled by the
 * elapsed time at MAIL_RATE_PER_MINUTE and taken from atomically (app/server/mail/send-rate.server.ts).
 */
export const mailSendBucket = pgTable(
  "mail_send_bucket",
  {
    id: integer("id").primaryKey(),
    tokens: doublePrecision("tokens").notNull().default(0),
    refilledAt: timestamp("refilled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("mail_send_bucket_one_row", sql`${t.id} = 1`)],
);

/** Where a contacts import is (app/server/admin/contacts-import.server.ts): the page polls it. */
export const CONTACT_IMPORT_STATUSES = ["reading", "merging", "imported", "refused", "failed"] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

/**
 * One CSV upload of contacts, while it is read and merged and for a while after: its id is the
 * form's (made in the browser), so the page can ask how far it is from any server process. Rows
 * not updated for an hour belong to an import whose process died: the next import removes them.
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: text("id").primaryKey(),
    fileName: text("file_name").notNull(),
    status: text("status").$type<ContactImportStatus>().notNull().default("reading"),
    /** Data rows read from the file so far (the header not counted). */
    rowsRead: integer("rows_read").notNull().default(0),
    /** What the page says once it is over (imported, refused or failed). */
    result: jsonb("result"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contact_imports_status_check", sql`${t.status} in (${sqlWordList(CONTACT_IMPORT_STATUSES)})`),
    index("contact_imports_updated_at_idx").on(t.updatedAt),
  ],
);

/**
 * An import's rows as read, checked and spelled as stored, before the merge: written in batches
 * outside any long transaction (the embedded database has one connection), merged into contacts,
 * consents, events and tags by one short transaction at the end, then deleted. `row` is the
 * spreadsheet's row number (the header is row 1).
 */
export const contactImportRows = pgTable(
  "contact_import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    email: text("email").notNull(),
    name: text("name"),
    source: text("source").notNull(),
    tags: text("tags").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/**
 * Exact running counts of the outbox (issue 44): what the dashboard's e-mail health and each
 * broadcast's figures show, without counting 1.5 million rows on every view. Written only by the
 * outbox's statement triggers (migration 0025), in the same transaction as the change they count:
 * each statement appends its net change per broadcast (null: not a broadcast row) and status, so
 * no two writers ever wait on one counter row. The sum of `n` per key is the count; the sweep
 * folds the rows of a key into one now and then (`compactTallies`), which changes no sum.
 */
export const outboxTallies = pgTable(
  "outbox_tallies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    broadcastId: integer("broadcast_id"),
    status: text("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [index("outbox_tallies_key_idx").on(t.broadcastId, t.status)],
);

/**
 * Exact running counts of the contacts (issue 44): how many there are (`tag` null) and how many
 * have each tag, for the list and the tag choices, kept like outbox_tallies by the contacts'
 * statement triggers (migration 0025).
 */
export const contactTallies = pgTable(
  "contact_tallies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tag: text("tag"),
    n: integer("n").notNull(),
  },
  (t) => [index("contact_tallies_tag_idx").on(t.tag)],
);

/**
 * Exact running counts of each broadcast's recipients who left after it reached them (issue 44):
 * `bounced` (their address hard-bounced after the row was queued) and `unsubscribed` (they
 * unsubscribed or complained after it was sent to them), as the broadcasts page shows them. Kept
 * by statement triggers on contacts (a suppression set, changed or lifted) and on the outbox (a
 * broadcast row written or sent), migration 0025, each appending its net change; summed on read.
 */
export const broadcastLeaverTallies = pgTable(
  "broadcast_leaver_tallies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    broadcastId: integer("broadcast_id").notNull(),
    kind: text("kind").$type<"bounced" | "unsubscribed">().notNull(),
    n: integer("n").notNull(),
  },
  (t) => [index("broadcast_leaver_tallies_key_idx").on(t.broadcastId, t.kind)],
);

/**
 * Where our own sending stands (issue 51, decision 065): one row, or none while sending has never
 * been refused. `pausedAt` set: the mail server refused something about us (the connection, the
 * login, the sender address, every message, or several readers in a row with one answer), so no
 * e-mail of any kind goes out; every row stays pending, nobody is suppressed. A probe (one real
 * message) goes at `nextProbeAt`, with a growing wait up to 15 minutes, or when the owner presses
 * Retry; when the server takes it, sending resumes by itself.
 */
export { SENDING_STAGES, type SendingStage };

export const mailSending = pgTable(
  "mail_sending",
  {
    id: integer("id").primaryKey().default(1),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** Which step of the SMTP conversation was refused. */
    stage: text("stage").$type<SendingStage>(),
    /** The server's own words (its reply), for the owner's banner. */
    serverWords: text("server_words"),
    /** Failed probes since the pause began: each doubles the wait before the next, up to 15 minutes. */
    probes: integer("probes").notNull().default(0),
    nextProbeAt: timestamp("next_probe_at", { withTimezone: true }),
    /** A worker sending the probe holds it until then (two servers never probe at once). */
    probeUntil: timestamp("probe_until", { withTimezone: true }),
    lastProbeAt: timestamp("last_probe_at", { withTimezone: true }),
    /** When sending last resumed, and how (a probe, the owner's Retry). */
    resumedAt: timestamp("resumed_at", { withTimezone: true }),
    resumedHow: text("resumed_how"),
  },
  (t) => [
    check("mail_sending_one_row", sql`${t.id} = 1`),
    check("mail_sending_stage_check", sql`${t.stage} is null or ${t.stage} in (${sqlWordList(SENDING_STAGES)})`),
  ],
);

/**
 * A mail server's refusal of one reader's address at RCPT TO (issue 51). It suppresses that
 * address only once the server has taken a message to someone else after it (`pending` until
 * then): the same refusal for several readers in a row is about us, not them (`sending_problem`,
 * their rows sent again once sending works), and a refusal of a row already put back once by
 * such a run suppresses at once.
 */
export const REFUSAL_VERDICTS = ["pending", "suppressed", "sending_problem"] as const;
export type RefusalVerdict = (typeof REFUSAL_VERDICTS)[number];

export const mailRefusals = pgTable(
  "mail_refusals",
  {
    id: serial("id").primaryKey(),
    outboxId: integer("outbox_id")
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    responseCode: integer("response_code").notNull(),
    response: text("response").notNull(),
    verdict: text("verdict").$type<RefusalVerdict>().notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("mail_refusals_verdict_check", sql`${t.verdict} in (${sqlWordList(REFUSAL_VERDICTS)})`),
    index("mail_refusals_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.verdict} = 'pending'`),
    index("mail_refusals_outbox_idx").on(t.outboxId),
  ],
);

/**
 * Checkouts from a list e-mail's links that were never paid and have been swept (issue 51): the
 * sweep deletes an abandoned checkout ABANDONED_ORDER_DAYS after it started, whatever its
 * campaign, and adds it here per campaign in the same transaction, so a step's "checkouts from
 * its links, all time" (app/server/admin/email-sales.server.ts) counts it still. One row per
 * campaign, a few dozen at most.
 */
export const sweptCampaignCheckouts = pgTable("swept_campaign_checkouts", {
  campaign: text("campaign").primaryKey(),
  checkouts: integer("checkouts").notNull(),
});

/**
 * The buyer's dispute tracker (issue 54, decision 074): one per mailbox (the address as orders
 * store it, canonical), opened from any of its toolkit orders' pages. Holds only what the clock
 * needs; no account numbers (the form refuses them). Deleted with its disputes in one step, or by
 * the hourly sweep two years after its last change.
 */
export const disputeTrackers = pgTable(
  "dispute_trackers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** The buyer's IANA zone, asked once; null: the business's zone. */
    timeZone: text("time_zone"),
    /** One click in a reminder stops every reminder of this tracker. */
    remindersStoppedAt: timestamp("reminders_stopped_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The last change to the tracker or any of its disputes: the sweep deletes two years after it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("dispute_trackers_email_unique").on(t.email), index("dispute_trackers_updated_at_idx").on(t.updatedAt)],
);

export const DISPUTE_RECIPIENTS = ["equifax", "experian", "transunion", "furnisher"] as const;
export type DisputeRecipient = (typeof DISPUTE_RECIPIENTS)[number];
export const DISPUTE_SENT_VIA = ["mail", "online", "phone"] as const;
export const DISPUTE_OUTCOMES = ["deleted", "corrected", "verified", "no-answer"] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const disputes = pgTable(
  "disputes",
  {
    id: serial("id").primaryKey(),
    trackerId: integer("tracker_id")
      .notNull()
      .references(() => disputeTrackers.id, { onDelete: "cascade" }),
    recipient: text("recipient").$type<DisputeRecipient>().notNull(),
    /** The lender's or collector's name, for a direct dispute only. */
    furnisherName: text("furnisher_name"),
    /** What it disputes, in a few words ("late payment, March 2024"). */
    about: text("about").notNull(),
    /** The toolkit letter used (app/lib/letters.ts), or null for one of the reader's own. */
    letterId: text("letter_id"),
    sentVia: text("sent_via").$type<(typeof DISPUTE_SENT_VIA)[number]>().notNull(),
    sentOn: date("sent_on", { mode: "string" }).notNull(),
    /** The certified-mail receipt or online confirmation; null: unknown (the clock assumes, and says so). */
    receivedOn: date("received_on", { mode: "string" }),
    afterAnnualReport: boolean("after_annual_report").notNull().default(false),
    moreInfoOn: date("more_info_on", { mode: "string" }),
    outcome: text("outcome").$type<DisputeOutcome>(),
    outcomeOn: date("outcome_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("disputes_tracker_idx").on(t.trackerId),
    check("disputes_recipient_check", sql`${t.recipient} in (${sqlWordList(DISPUTE_RECIPIENTS)})`),
    check("disputes_sent_via_check", sql`${t.sentVia} in (${sqlWordList(DISPUTE_SENT_VIA)})`),
    check("disputes_outcome_check", sql`${t.outcome} is null or ${t.outcome} in (${sqlWordList(DISPUTE_OUTCOMES)})`),
    check("disputes_furnisher_named_check", sql`(${t.recipient} = 'furnisher') = (${t.furnisherName} is not null)`),
  ],
);
