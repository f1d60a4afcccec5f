-- Issue 53: products as data (the catalogue a first start seeds, app/server/shop/product-seed.server.ts), their former addresses, their price history, the waitlists of coming-soon products (a consent purpose and an e-mail of their own).
CREATE TABLE "product_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	CONSTRAINT "product_prices_price_check" CHECK ("product_prices"."price_cents" > 0),
	CONSTRAINT "product_prices_dates_check" CHECK ("product_prices"."valid_until" is null or "product_prices"."valid_from" < "product_prices"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "product_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_waitlist" (
	"product_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "product_waitlist_pk" PRIMARY KEY("product_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"included" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"image_id" integer,
	"image_alt" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"bump_product_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'coming_soon', 'on_sale', 'retired')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 50),
	CONSTRAINT "products_bump_check" CHECK ("products"."bump_product_id" is null or "products"."bump_product_id" <> "products"."id"),
	CONSTRAINT "products_slug_check" CHECK ("products"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_purpose_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "product_redirects" ADD CONSTRAINT "product_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_waitlist" ADD CONSTRAINT "product_waitlist_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_waitlist" ADD CONSTRAINT "product_waitlist_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_article_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."article_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_product_idx" ON "product_prices" USING btree ("product_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "product_prices_one_open_idx" ON "product_prices" USING btree ("product_id") WHERE "product_prices"."valid_until" is null;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('guide_followups', 'newsletter', 'buyer', 'waitlist'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('receipt', 'access-ended', 'guide', 'newsletter-confirm', 'contact-owner', 'contact-ack', 'lost-link', 'review-request', 'product-open', 'sequence-step', 'broadcast', 'owner-sale'));--> statement-breakpoint
-- Issue 53, item 4: the former prices typed on /admin/prices become price history only where the orders bear them out: some order in the dates charged that price for the product, and none charged another. Otherwise the record claimed a price nobody was charged and is not kept (decision 070).
INSERT INTO "product_prices" ("product_id", "price_cents", "valid_from", "valid_until")
SELECT f."product_id", f."price_cents", f."charged_from"::timestamp AT TIME ZONE 'UTC', (f."charged_until" + 1)::timestamp AT TIME ZONE 'UTC'
FROM "former_prices" f
WHERE EXISTS (
    SELECT 1 FROM "orders" o, jsonb_array_elements(o."lines") l
    WHERE o."status" IN ('paid', 'refunded', 'disputed') AND l->>'id' = f."product_id" AND (l->>'unitAmountCents')::int = f."price_cents"
      AND o."created_at" >= f."charged_from"::timestamp AT TIME ZONE 'UTC' AND o."created_at" < (f."charged_until" + 1)::timestamp AT TIME ZONE 'UTC'
  )
  AND NOT EXISTS (
    SELECT 1 FROM "orders" o, jsonb_array_elements(o."lines") l
    WHERE o."status" IN ('paid', 'refunded', 'disputed') AND l->>'id' = f."product_id" AND (l->>'unitAmountCents')::int <> f."price_cents"
      AND o."created_at" >= f."charged_from"::timestamp AT TIME ZONE 'UTC' AND o."created_at" < (f."charged_until" + 1)::timestamp AT TIME ZONE 'UTC'
  );
--> statement-breakpoint
DROP TABLE "former_prices" CASCADE;
