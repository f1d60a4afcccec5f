-- Issue 44 item 6 (growth held): page views older than PAGE_VIEWS_KEEP_DAYS rolled up per month and path by the sweep; the sweep finds expired e-mail links by their expiry (every list e-mail mints one).
CREATE TABLE "page_views_monthly" (
	"month" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_monthly_pk" PRIMARY KEY("month","path"),
	CONSTRAINT "page_views_monthly_views_check" CHECK ("page_views_monthly"."views" >= 0),
	CONSTRAINT "page_views_monthly_month_check" CHECK (extract(day from "page_views_monthly"."month") = 1)
);
--> statement-breakpoint
CREATE INDEX "email_tokens_expires_at_idx" ON "email_tokens" USING btree ("expires_at");