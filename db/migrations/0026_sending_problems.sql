-- Issue 51: a refusal about us (connection, login, sender, message, or several readers in a row) pauses sending instead of suppressing readers (mail_sending); a reader refused at RCPT TO is suppressed only once the server has taken a message to someone else after it (mail_refusals). Decision 065.
CREATE TABLE "mail_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"address" text NOT NULL,
	"response_code" integer NOT NULL,
	"response" text NOT NULL,
	"verdict" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "mail_refusals_verdict_check" CHECK ("mail_refusals"."verdict" in ('pending', 'suppressed', 'sending_problem'))
);
--> statement-breakpoint
CREATE TABLE "mail_sending" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused_at" timestamp with time zone,
	"stage" text,
	"server_words" text,
	"probes" integer DEFAULT 0 NOT NULL,
	"next_probe_at" timestamp with time zone,
	"probe_until" timestamp with time zone,
	"last_probe_at" timestamp with time zone,
	"resumed_at" timestamp with time zone,
	"resumed_how" text,
	CONSTRAINT "mail_sending_one_row" CHECK ("mail_sending"."id" = 1),
	CONSTRAINT "mail_sending_stage_check" CHECK ("mail_sending"."stage" is null or "mail_sending"."stage" in ('connection', 'login', 'sender', 'message', 'recipients'))
);
--> statement-breakpoint
ALTER TABLE "mail_refusals" ADD CONSTRAINT "mail_refusals_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_refusals_pending_idx" ON "mail_refusals" USING btree ("created_at") WHERE "mail_refusals"."verdict" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_refusals_outbox_idx" ON "mail_refusals" USING btree ("outbox_id");