-- Issue 54, decision 074: the buyer's dispute tracker (one per mailbox, its disputes) and the reminder e-mail
-- (outbox kind 'dispute-reminder', the CHECK recreated with it added to the current list).
CREATE TABLE "dispute_trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"time_zone" text,
	"reminders_stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_trackers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracker_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"furnisher_name" text,
	"about" text NOT NULL,
	"letter_id" text,
	"sent_via" text NOT NULL,
	"sent_on" date NOT NULL,
	"received_on" date,
	"after_annual_report" boolean DEFAULT false NOT NULL,
	"more_info_on" date,
	"outcome" text,
	"outcome_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_recipient_check" CHECK ("disputes"."recipient" in ('equifax', 'experian', 'transunion', 'furnisher')),
	CONSTRAINT "disputes_sent_via_check" CHECK ("disputes"."sent_via" in ('mail', 'online', 'phone')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" is null or "disputes"."outcome" in ('deleted', 'corrected', 'verified', 'no-answer')),
	CONSTRAINT "disputes_furnisher_named_check" CHECK (("disputes"."recipient" = 'furnisher') = ("disputes"."furnisher_name" is not null))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_tracker_id_dispute_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."dispute_trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_trackers_updated_at_idx" ON "dispute_trackers" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "disputes_tracker_idx" ON "disputes" USING btree ("tracker_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('receipt', 'access-ended', 'guide', 'newsletter-confirm', 'contact-owner', 'contact-ack', 'lost-link', 'review-request', 'product-open', 'sequence-step', 'broadcast', 'owner-sale', 'product-update', 'dispute-reminder'));