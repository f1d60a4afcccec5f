CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"wording_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('guide_followups', 'newsletter'))
);
--> statement-breakpoint
CREATE TABLE "contact_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proved_at" timestamp with time zone,
	"suppression" text,
	"suppressed_at" timestamp with time zone,
	"suppression_detail" text,
	CONSTRAINT "contacts_email_unique" UNIQUE("email"),
	CONSTRAINT "contacts_suppression_check" CHECK ("contacts"."suppression" is null or "contacts"."suppression" in ('unsubscribed', 'hard_bounce', 'complaint', 'owner'))
);
--> statement-breakpoint
CREATE TABLE "sequence_enrollments" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_position" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"stopped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_enrollments_status_check" CHECK ("sequence_enrollments"."status" in ('active', 'done', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "sequence_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"subject" text NOT NULL,
	"preview" text NOT NULL,
	"body" text NOT NULL,
	"delay_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_steps_position_unique" UNIQUE("position"),
	CONSTRAINT "sequence_steps_delay_check" CHECK ("sequence_steps"."delay_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_contact_id_idx" ON "consents" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_events_contact_id_idx" ON "contact_events" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "sequence_enrollments_due_idx" ON "sequence_enrollments" USING btree ("status","next_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('receipt', 'access-ended', 'guide', 'newsletter-confirm', 'contact-owner', 'contact-ack', 'lost-link', 'review-request', 'sequence-step'));--> statement-breakpoint
-- One audience from what the site already holds: leads, newsletter subscribers, buyers, and the old suppression list.
INSERT INTO "contacts" ("email", "name", "created_at") SELECT lower("email"), "name", "created_at" FROM "leads" ORDER BY "id" ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
INSERT INTO "contacts" ("email", "created_at") SELECT lower("email"), "created_at" FROM "newsletter_subscribers" ORDER BY "id" ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
INSERT INTO "contacts" ("email", "created_at") SELECT lower("customer_email"), min("created_at") FROM "orders" WHERE "customer_email" IS NOT NULL AND "status" IN ('paid', 'refunded', 'disputed') GROUP BY lower("customer_email") ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
INSERT INTO "contacts" ("email", "created_at") SELECT lower("email"), "created_at" FROM "email_suppressions" ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
UPDATE "contacts" c SET "suppression" = 'unsubscribed', "suppressed_at" = s."created_at", "suppression_detail" = s."reason" FROM "email_suppressions" s WHERE lower(s."email") = c."email";--> statement-breakpoint
-- A newsletter sign-up is a consent under the wording it recorded; a confirmed one proved the address.
-- Leads stored before the lead form's follow-up wording get no guide_followups consent: never the sequence.
INSERT INTO "consents" ("contact_id", "purpose", "source", "wording_version", "created_at", "withdrawn_at")
  SELECT c."id", 'newsletter', 'newsletter ' || coalesce(s."consent_page", '/blog'), coalesce(s."consent_version", 'unknown'), s."created_at", s."unsubscribed_at"
  FROM "newsletter_subscribers" s JOIN "contacts" c ON c."email" = lower(s."email");--> statement-breakpoint
UPDATE "contacts" c SET "proved_at" = s."confirmed_at" FROM "newsletter_subscribers" s WHERE c."email" = lower(s."email") AND s."confirmed_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "contact_events" ("contact_id", "kind", "detail", "created_at") SELECT "id", 'backfill', 'from the leads, newsletter, orders and suppression records', now() FROM "contacts";--> statement-breakpoint
DROP TABLE "email_suppressions";
