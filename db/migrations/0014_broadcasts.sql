CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"audiences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_status_check" CHECK ("broadcasts"."status" in ('draft', 'scheduled', 'sending', 'paused', 'cancelled', 'sent')),
	CONSTRAINT "broadcasts_scheduled_check" CHECK ("broadcasts"."status" <> 'scheduled' or "broadcasts"."scheduled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "mail_send_bucket" (
	"id" integer PRIMARY KEY NOT NULL,
	"tokens" double precision DEFAULT 0 NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_send_bucket_one_row" CHECK ("mail_send_bucket"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed', 'suppressed', 'interrupted', 'cancelled'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('receipt', 'access-ended', 'guide', 'newsletter-confirm', 'contact-owner', 'contact-ack', 'lost-link', 'review-request', 'sequence-step', 'broadcast'));--> statement-breakpoint
INSERT INTO "mail_send_bucket" ("id", "tokens", "refilled_at") VALUES (1, 0, now());
