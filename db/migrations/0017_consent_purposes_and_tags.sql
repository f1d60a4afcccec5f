ALTER TABLE "consents" DROP CONSTRAINT "consents_purpose_check";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "include_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "exclude_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('guide_followups', 'newsletter', 'buyer'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tags_check" CHECK (array_to_string("contacts"."tags", ' ') ~ '^([a-z0-9][a-z0-9-]{0,39}( |$))*$');--> statement-breakpoint
-- A contact's tags after adding some: each once, in code-point order (as JavaScript's sort()), whatever the database's collation.
CREATE FUNCTION "merge_tags"(a text[], b text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN array(SELECT DISTINCT t COLLATE "C" FROM unnest(coalesce(a, '{}') || coalesce(b, '{}')) t ORDER BY 1);
END
$$;--> statement-breakpoint
-- Issue 40: what the site already knows becomes tags, and every buyer gets the buyer purpose's consent record.
-- The spellings match app/lib/tags.ts (lead-form, guide-credit-repair, topic-<category>, newsletter-form, imported, bought-<product>).
WITH "given" ("contact_id", "tag") AS (
  SELECT c."id", t.tag FROM "leads" l JOIN "contacts" c ON c."email" = l."email", (VALUES ('lead-form'), ('guide-credit-repair')) AS t(tag)
  UNION
  SELECT c."id", 'topic-' || regexp_replace(regexp_replace(lower(trim(a."category")), '[[:space:]_]+', '-', 'g'), '[^a-z0-9-]', '', 'g')
  FROM "leads" l JOIN "contacts" c ON c."email" = l."email" JOIN "articles" a ON a."slug" = l."source_page"
  UNION
  SELECT k."contact_id", CASE WHEN k."source" LIKE 'import:%' THEN 'imported' ELSE 'newsletter-form' END
  FROM "consents" k WHERE k."purpose" = 'newsletter' AND (k."source" LIKE 'import:%' OR k."source" LIKE 'newsletter form%')
  UNION
  SELECT c."id", 'bought-' || (line->>'id')
  FROM "orders" o JOIN "contacts" c ON c."email" = o."customer_email", jsonb_array_elements(o."lines") line
  WHERE o."status" IN ('paid', 'refunded', 'disputed') AND o."paid_at" IS NOT NULL
)
UPDATE "contacts" c SET "tags" = merge_tags(c."tags", g."tags")
FROM (SELECT "contact_id", array_agg("tag") AS "tags" FROM "given" GROUP BY "contact_id") g
WHERE g."contact_id" = c."id";--> statement-breakpoint
INSERT INTO "consents" ("contact_id", "purpose", "source", "wording_version", "created_at")
  SELECT c."id", 'buyer', 'checkout order ' || o."id", 'before-2026-11-28', coalesce(o."paid_at", o."created_at")
  FROM "orders" o JOIN "contacts" c ON c."email" = o."customer_email"
  WHERE o."status" IN ('paid', 'refunded', 'disputed') AND o."paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "contact_events" ("contact_id", "kind", "detail")
  SELECT c."id", 'backfill', 'tags from earlier sign-ups, orders and imports (and, for a buyer, the buyer consent of each paid order)'
  FROM "contacts" c WHERE c."tags" <> '{}';
