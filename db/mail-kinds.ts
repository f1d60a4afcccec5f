/**
 * The names of the messages the site sends: the outbox's CHECK (db/schema.ts) and its partial
 * indexes are written from these lists, and each name has its definition, one file in
 * app/server/mail/messages/, in its registry.server.ts (the compiler and registry.server.test.ts
 * hold the two to the same set). Beside the schema and with no imports: db/schema.ts reads it, and
 * drizzle-kit with it, and db/ imports nothing of app/server (scripts/lint/boundaries.js).
 *
 * A new e-mail: its file in app/server/mail/messages/, its name below, and a migration
 * (`npx drizzle-kit generate`) that widens the CHECK.
 */
export const OUTBOX_KINDS = [
  "receipt",
  "access-ended",
  "guide",
  "newsletter-confirm",
  "contact-owner",
  "contact-ack",
  "lost-link",
  "review-request",
  /** A coming-soon product is on sale: once to each person on its waitlist (dedupe key product-open:<product>:<contact>). */
  "product-open",
  /** One step of the welcome sequence to one contact (dedupe key seq:<contact>:<step>). */
  "sequence-step",
  /** One broadcast to one contact (dedupe key bc:<broadcast>:<contact>). */
  "broadcast",
  /** A paid order, to the owner (dedupe key owner-sale:<order>), unless she turned it off on /admin/settings. */
  "owner-sale",
  /** One product update to one buyer of the product (dedupe key pu:<broadcast>:<contact>; decision 071). */
  "product-update",
  /** A dispute's answer is due, or 5 business days past due with none recorded (dedupe key dispute:<dispute>:<due|follow-up>:<day>; decision 074). */
  "dispute-reminder",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Mail sent to many at once: the shared send rate applies to these, they are claimed after every
 * other kind (a receipt or the guide someone just asked for never waits behind a broadcast), and
 * they are sent at most once (decision 035). Written into the outbox's partial indexes; a
 * message's policy says `list: true` exactly when its kind is here (the compiler checks it).
 */
export const LIST_KINDS = ["broadcast", "sequence-step", "product-update"] as const satisfies readonly OutboxKind[];
export type ListKind = (typeof LIST_KINDS)[number];

/**
 * The copies of a row of the broadcasts table, one per reader (payload `broadcastId`, `contactId`):
 * a newsletter broadcast, or an update to a product's buyers (decision 071). Their rows go only
 * while their broadcast is sending, are counted per broadcast by the outbox's tallies, and are
 * cancelled with it; written into the statements and partial indexes that say so as literals.
 */
export const BROADCAST_KINDS = ["broadcast", "product-update"] as const satisfies readonly ListKind[];
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];
