CREATE TABLE "contact_tags" (
	"contact_id" integer NOT NULL,
	"tag" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_pk" PRIMARY KEY("contact_id","tag"),
	CONSTRAINT "contact_tags_tag_check" CHECK ("contact_tags"."tag" ~ '^[a-z0-9][a-z0-9-]{0,39}$')
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_purpose_check";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "include_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "exclude_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("tag");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('guide_followups', 'newsletter', 'buyer'));--> statement-breakpoint
-- Issue 40: what the site already knows becomes tags, and every buyer gets the buyer purpose's consent record.
-- The spellings match app/lib/tags.ts (lead-form, guide-credit-repair, topic-<category>, newsletter-form, imported, bought-<product>).
INSERT INTO "contact_tags" ("contact_id", "tag", "source", "created_at")
  SELECT c."id", t.tag, 'lead form /blog/' || l."source_page", l."created_at"
  FROM "leads" l JOIN "contacts" c ON c."email" = l."email", (VALUES ('lead-form'), ('guide-credit-repair')) AS t(tag)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "contact_tags" ("contact_id", "tag", "source", "created_at")
  SELECT c."id", 'topic-' || regexp_replace(regexp_replace(lower(trim(a."category")), '[[:space:]_]+', '-', 'g'), '[^a-z0-9-]', '', 'g'), 'lead form /blog/' || l."source_page", l."created_at"
  FROM "leads" l JOIN "contacts" c ON c."email" = l."email" JOIN "articles" a ON a."slug" = l."source_page"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "contact_tags" ("contact_id", "tag", "source", "created_at")
  SELECT k."contact_id", CASE WHEN k."source" LIKE 'import:%' THEN 'imported' ELSE 'newsletter-form' END, k."source", k."created_at"
  FROM "consents" k WHERE k."purpose" = 'newsletter' AND (k."source" LIKE 'import:%' OR k."source" LIKE 'newsletter form%')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "contact_tags" ("contact_id", "tag", "source", "created_at")
  SELECT c."id", 'bought-' || (line->>'id'), 'checkout order ' || o."id", coalesce(o."paid_at", o."created_at")
  FROM "orders" o JOIN "contacts" c ON c."email" = o."customer_email", jsonb_array_elements(o."lines") line
  WHERE o."status" IN ('paid', 'refunded', 'disputed') AND o."paid_at" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "consents" ("contact_id", "purpose", "source", "wording_version", "created_at")
  SELECT c."id", 'buyer', 'checkout order ' || o."id", 'before-2026-11-28', coalesce(o."paid_at", o."created_at")
  FROM "orders" o JOIN "contacts" c ON c."email" = o."customer_email"
  WHERE o."status" IN ('paid', 'refunded', 'disputed') AND o."paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "contact_events" ("contact_id", "kind", "detail")
  SELECT DISTINCT t."contact_id", 'backfill', 'tags from earlier sign-ups, orders and imports (and, for a buyer, the buyer consent of each paid order)'
  FROM "contact_tags" t;
