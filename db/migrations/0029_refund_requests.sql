-- Issue 51: a refund is recorded as requested, one row per order and part, before the payment provider is called, so a repeat finds it instead of refunding again (after Stripe's 24-hour idempotency window too).
CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"part" text NOT NULL,
	"amount_cents" integer,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"provider_status" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_order_part_unique" UNIQUE("order_id","part"),
	CONSTRAINT "refund_requests_amount_check" CHECK ("refund_requests"."amount_cents" IS NULL OR "refund_requests"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
