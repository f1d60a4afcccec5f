import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    leadMagnet: text("lead_magnet").notNull(),
    sourcePage: text("source_page").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("leads_email_unique").on(t.email)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("newsletter_subscribers_email_unique").on(t.email)],
);

export type StoredOrderLine = { id: string; name: string; unitAmountCents: number; quantity: number };
export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
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
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("orders_provider_session_id_unique").on(t.providerSessionId),
    index("orders_provider_payment_id_idx").on(t.providerPaymentId),
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'failed', 'refunded')`),
    check("orders_amount_total_check", sql`${t.amountTotal} > 0`),
  ],
);

/** Payment-provider events already handled, so a repeated delivery changes nothing twice. */
export const processedEvents = pgTable("processed_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
