ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('receipt', 'access-ended', 'guide', 'newsletter-confirm', 'contact-owner', 'contact-ack', 'lost-link', 'review-request'));--> statement-breakpoint
-- Added by hand: rows written before this column was due when they were written.
UPDATE "outbox" SET "due_at" = "created_at";