-- Issue 53, decision 071: updates to a product's buyers are broadcasts with a product (their copies
-- are outbox rows of kind 'product-update', list mail like the broadcast's own), and a buyer may stop
-- them with one click (contacts.product_updates_stopped_at), receipts and files untouched.
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
DROP INDEX "outbox_pending_transactional_idx";--> statement-breakpoint
DROP INDEX "outbox_pending_list_idx";--> statement-breakpoint
DROP INDEX "outbox_broadcast_pending_idx";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "product_updates_stopped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_pending_transactional_idx" ON "outbox" USING btree ("id") WHERE "outbox"."status" = 'pending' and "outbox"."kind" not in ('broadcast', 'sequence-step', 'product-update');--> statement-breakpoint
CREATE INDEX "outbox_pending_list_idx" ON "outbox" USING btree ("id") WHERE "outbox"."status" = 'pending' and "outbox"."send_started_at" is null and "outbox"."kind" in ('broadcast', 'sequence-step', 'product-update');--> statement-breakpoint
CREATE INDEX "outbox_broadcast_pending_idx" ON "outbox" USING btree ((("payload"->>'broadcastId')::int)) WHERE "outbox"."kind" in ('broadcast', 'product-update') and "outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('receipt', 'access-ended', 'guide', 'newsletter-confirm', 'contact-owner', 'contact-ack', 'lost-link', 'review-request', 'product-open', 'sequence-step', 'broadcast', 'owner-sale', 'product-update'));
--> statement-breakpoint
-- A product update's copies are counted per broadcast like a newsletter broadcast's (migration 0025):
-- no row of the new kind exists before this migration, so there is nothing to count again.
CREATE OR REPLACE FUNCTION outbox_tally_of(kind text, payload jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN kind IN ('broadcast', 'product-update') THEN (payload->>'broadcastId')::int END $$;
