CREATE TABLE "broadcast_leaver_tallies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"broadcast_id" integer NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tallies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tag" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_tallies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"broadcast_id" integer,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "broadcast_leaver_tallies_key_idx" ON "broadcast_leaver_tallies" USING btree ("broadcast_id","kind");--> statement-breakpoint
CREATE INDEX "contact_tallies_tag_idx" ON "contact_tallies" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "outbox_tallies_key_idx" ON "outbox_tallies" USING btree ("broadcast_id","status");--> statement-breakpoint
CREATE INDEX "consents_newsletter_current_idx" ON "consents" USING btree ("contact_id") WHERE "consents"."purpose" = 'newsletter' and "consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "consents_newsletter_imported_idx" ON "consents" USING btree ("contact_id") WHERE "consents"."purpose" = 'newsletter' and "consents"."withdrawn_at" is null and "consents"."source" like 'import:%';--> statement-breakpoint
CREATE INDEX "contact_messages_lower_email_idx" ON "contact_messages" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_suppressed_idx" ON "contacts" USING btree ("suppressed_at") WHERE "contacts"."suppression" is not null;--> statement-breakpoint
CREATE INDEX "contacts_created_at_idx" ON "contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_lower_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_lower_email_idx" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_email_idx" ON "orders" USING btree ("customer_email");--> statement-breakpoint
CREATE INDEX "orders_lower_customer_email_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "outbox_broadcast_pending_idx" ON "outbox" USING btree ((("payload"->>'broadcastId')::int)) WHERE "outbox"."kind" = 'broadcast' and "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_broadcast_contact_idx" ON "outbox" USING btree ((("payload"->>'contactId')::int)) WHERE "outbox"."kind" = 'broadcast';--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox" USING btree (("payload"->>'orderId')) WHERE ("outbox"."payload"->>'orderId') is not null;--> statement-breakpoint
CREATE INDEX "outbox_lower_to_address_idx" ON "outbox" USING btree (lower("to_address")) WHERE "outbox"."kind" <> 'broadcast';--> statement-breakpoint
CREATE INDEX "outbox_sent_at_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."sent_at" is not null;