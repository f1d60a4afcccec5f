CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"product_id" text,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"once_per_buyer" boolean DEFAULT true NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promotion_codes_code_check" CHECK ("promotion_codes"."code" ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$'),
	CONSTRAINT "promotion_codes_kind_check" CHECK ("promotion_codes"."kind" in ('amount', 'percent')),
	CONSTRAINT "promotion_codes_value_check" CHECK (("promotion_codes"."kind" = 'amount' and "promotion_codes"."value" >= 1) or ("promotion_codes"."kind" = 'percent' and "promotion_codes"."value" between 1 and 99)),
	CONSTRAINT "promotion_codes_max_uses_check" CHECK ("promotion_codes"."max_uses" is null or "promotion_codes"."max_uses" >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_amount_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_buyer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "session_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_promotion_code_idx" ON "orders" USING btree ("promotion_code_id");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_check" CHECK (("products"."sale_price_cents" is null and "products"."sale_starts_at" is null and "products"."sale_ends_at" is null) or ("products"."sale_price_cents" >= 50 and "products"."sale_price_cents" < "products"."price_cents" and "products"."sale_starts_at" is not null and ("products"."sale_ends_at" is null or "products"."sale_starts_at" < "products"."sale_ends_at")));