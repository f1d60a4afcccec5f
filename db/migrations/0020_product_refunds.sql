-- Issue 42: a refund of one product of an order (the $14.99 add-on alone); refunded orders so far become "every product refunded".
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" text,
	"amount_cents" integer NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_order_product_unique" UNIQUE("order_id","product_id"),
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_refunds" ("order_id", "product_id", "amount_cents", "event_id", "created_at")
SELECT o."id", line->>'id', (line->>'unitAmountCents')::int * (line->>'quantity')::int, 'migration-0020', o."updated_at"
FROM "orders" o, jsonb_array_elements(o."lines") line
WHERE o."status" = 'refunded';
