-- Issue 53 item 2, decision 072: the files the owner uploads for a product (any but the toolkit and
-- the Power Pack, whose files are built from products/src), bytes and all, so every server serves
-- them. The id ("u-" and 12 hex digits) never clashes with a built file's; a replacement keeps it.
CREATE TABLE "product_files" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_files_id_check" CHECK ("product_files"."id" ~ '^u-[0-9a-f]{12}$'),
	CONSTRAINT "product_files_format_check" CHECK ("product_files"."format" in ('pdf', 'docx', 'xlsx', 'zip')),
	CONSTRAINT "product_files_size_check" CHECK ("product_files"."size" > 0 and "product_files"."size" = octet_length("product_files"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_files_product_idx" ON "product_files" USING btree ("product_id","sort_order");