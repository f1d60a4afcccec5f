-- A free guide per topic (issue 40, item 6): a lead, a sequence step and an enrolment each name
-- their guide. Every earlier row belonged to the one guide there was, the Credit Repair Starter Guide.
ALTER TABLE "leads" ADD COLUMN "guide" text DEFAULT 'credit-repair' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "resend_key_hash" text;--> statement-breakpoint
-- Until now a proved guide reader had opened the one guide (the button proved the address).
UPDATE "leads" l SET "opened_at" = c.proved_at FROM contacts c WHERE c.email = l.email AND c.proved_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_email_unique";--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_email_guide_unique" UNIQUE("email","guide");--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "guide" text DEFAULT 'credit-repair' NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" DROP CONSTRAINT "sequence_steps_position_unique";--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_guide_position_unique" UNIQUE("guide","position");--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD COLUMN "guide" text DEFAULT 'credit-repair' NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD COLUMN "step_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sequence_enrollments" DROP CONSTRAINT "sequence_enrollments_pkey";--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_pkey" PRIMARY KEY("contact_id","guide");--> statement-breakpoint
-- When each contact last had a step queued (one step a day across a contact's sequences).
UPDATE "sequence_enrollments" e SET "step_sent_at" = s.at
FROM (
  SELECT (payload->>'contactId')::int AS contact_id, max(created_at) AS at
  FROM outbox WHERE kind = 'sequence-step' GROUP BY 1
) s
WHERE s.contact_id = e.contact_id;
