-- One mailbox, one contact (issue 40). Addresses were stored as typed (trimmed, lowercased), and the
-- check let a display name, a comment or a route in beside the address: "x<victim@example.com>" and
-- "(c)victim@example.com" were contacts of their own, and the mail library delivered both to
-- victim@example.com. Every stored address now takes the spelling app/lib/email-address.ts gives
-- (canonicalEmail), applied to the address a mail library would have delivered to; contacts that
-- become one are merged, keeping the strictest suppression and every consent and event.
CREATE FUNCTION "mailbox_0016"(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  a text := raw;
  name_part text;
  domain_part text;
BEGIN
  IF a IS NULL THEN RETURN NULL; END IF;
  -- What nodemailer delivered to: the address inside the last <...>, without comments, quotes,
  -- spaces or a source route.
  IF a ~ '<[^<>]*>' THEN a := substring(a from '<([^<>]*)>[^<>]*$'); END IF;
  a := regexp_replace(a, '\([^()]*\)', '', 'g');
  a := regexp_replace(a, '[[:space:]"]', '', 'g');
  a := regexp_replace(a, '^.*:', '');
  a := lower(a);
  IF a !~ '^[^@]+@[^@]+$' THEN RETURN a; END IF;
  name_part := split_part(a, '@', 1);
  domain_part := split_part(a, '@', 2);
  IF domain_part IN ('gmail.com', 'googlemail.com') THEN
    domain_part := 'gmail.com';
    name_part := replace(split_part(name_part, '+', 1), '.', '');
  ELSIF domain_part IN ('outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'fastmail.com', 'proton.me', 'protonmail.com', 'pm.me') THEN
    name_part := split_part(name_part, '+', 1);
  END IF;
  IF name_part = '' THEN RETURN a; END IF;
  RETURN name_part || '@' || domain_part;
END $$;
--> statement-breakpoint
CREATE TABLE "contact_merge_0016" AS
  SELECT "id", "email", "mailbox_0016"("email") AS "mailbox",
    first_value("id") OVER (PARTITION BY "mailbox_0016"("email") ORDER BY "id") AS "keep_id"
  FROM "contacts";
--> statement-breakpoint
-- The survivor (the oldest contact of the mailbox) takes the group's first name, earliest dates and
-- strictest suppression (complaint, then hard bounce, then unsubscribe, then the owner's).
UPDATE "contacts" c SET
  "name" = g."name",
  "created_at" = g."created_at",
  "proved_at" = g."proved_at",
  "suppression" = s."suppression",
  "suppressed_at" = s."suppressed_at",
  "suppression_detail" = s."suppression_detail"
FROM (
  SELECT m."keep_id",
    (array_agg(o."name" ORDER BY o."id") FILTER (WHERE o."name" IS NOT NULL))[1] AS "name",
    min(o."created_at") AS "created_at",
    min(o."proved_at") AS "proved_at",
    (array_agg(o."id" ORDER BY CASE o."suppression" WHEN 'complaint' THEN 4 WHEN 'hard_bounce' THEN 3 WHEN 'unsubscribed' THEN 2 WHEN 'owner' THEN 1 ELSE 0 END DESC, o."suppressed_at", o."id"))[1] AS "strictest_id"
  FROM "contact_merge_0016" m JOIN "contacts" o ON o."id" = m."id"
  GROUP BY m."keep_id" HAVING count(*) > 1
) g JOIN "contacts" s ON s."id" = g."strictest_id"
WHERE c."id" = g."keep_id";
--> statement-breakpoint
UPDATE "consents" SET "contact_id" = m."keep_id" FROM "contact_merge_0016" m WHERE "consents"."contact_id" = m."id" AND m."id" <> m."keep_id";
--> statement-breakpoint
UPDATE "contact_events" SET "contact_id" = m."keep_id" FROM "contact_merge_0016" m WHERE "contact_events"."contact_id" = m."id" AND m."id" <> m."keep_id";
--> statement-breakpoint
-- One enrollment per contact: the survivor's own, else the group's earliest.
DELETE FROM "sequence_enrollments" e USING "contact_merge_0016" m
WHERE e."contact_id" = m."id" AND m."id" <> m."keep_id" AND EXISTS (
  SELECT 1 FROM "sequence_enrollments" k JOIN "contact_merge_0016" km ON km."id" = k."contact_id"
  WHERE km."keep_id" = m."keep_id" AND (km."id" = km."keep_id" OR (k."created_at", k."contact_id") < (e."created_at", e."contact_id"))
);
--> statement-breakpoint
UPDATE "sequence_enrollments" SET "contact_id" = m."keep_id" FROM "contact_merge_0016" m WHERE "sequence_enrollments"."contact_id" = m."id" AND m."id" <> m."keep_id";
--> statement-breakpoint
INSERT INTO "contact_events" ("contact_id", "kind", "detail")
SELECT "keep_id", 'merged', 'Spelled "' || left("email", 300) || '": the same mailbox, now one contact' FROM "contact_merge_0016" WHERE "id" <> "keep_id" ORDER BY "id";
--> statement-breakpoint
DELETE FROM "contacts" c USING "contact_merge_0016" m WHERE c."id" = m."id" AND m."id" <> m."keep_id";
--> statement-breakpoint
UPDATE "contacts" c SET "email" = m."mailbox" FROM "contact_merge_0016" m WHERE c."id" = m."id" AND c."email" <> m."mailbox";
--> statement-breakpoint
-- A suppressed contact has no live consent and no running sequence (as suppress() leaves it).
UPDATE "consents" SET "withdrawn_at" = coalesce(c."suppressed_at", now()) FROM "contacts" c
WHERE "consents"."contact_id" = c."id" AND c."suppression" IS NOT NULL AND "consents"."withdrawn_at" IS NULL;
--> statement-breakpoint
UPDATE "sequence_enrollments" SET "status" = 'stopped', "stopped_reason" = c."suppression" FROM "contacts" c
WHERE "sequence_enrollments"."contact_id" = c."id" AND c."suppression" IS NOT NULL AND "sequence_enrollments"."status" = 'active';
--> statement-breakpoint
-- The newsletter's rows: one per mailbox, the oldest, with the strictest status (an unsubscribe stands).
UPDATE "newsletter_subscribers" n SET "status" = g."status", "confirmed_at" = g."confirmed_at", "unsubscribed_at" = g."unsubscribed_at"
FROM (
  SELECT min("id") AS "keep_id",
    CASE WHEN bool_or("status" = 'unsubscribed') THEN 'unsubscribed' WHEN bool_or("status" = 'confirmed') THEN 'confirmed' ELSE 'pending' END AS "status",
    min("confirmed_at") AS "confirmed_at",
    max("unsubscribed_at") AS "unsubscribed_at"
  FROM "newsletter_subscribers" GROUP BY "mailbox_0016"("email") HAVING count(*) > 1
) g WHERE n."id" = g."keep_id";
--> statement-breakpoint
DELETE FROM "newsletter_subscribers" WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "mailbox_0016"("email") ORDER BY "id") AS "n" FROM "newsletter_subscribers") x WHERE x."n" > 1
);
--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "email" = "mailbox_0016"("email") WHERE "email" <> "mailbox_0016"("email");
--> statement-breakpoint
-- The guide's requests: the first per mailbox (the contact's events keep the rest of its story).
DELETE FROM "leads" WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "mailbox_0016"("email") ORDER BY "id") AS "n" FROM "leads") x WHERE x."n" > 1
);
--> statement-breakpoint
UPDATE "leads" SET "email" = "mailbox_0016"("email") WHERE "email" <> "mailbox_0016"("email");
--> statement-breakpoint
UPDATE "orders" SET "customer_email" = "mailbox_0016"("customer_email") WHERE "customer_email" <> "mailbox_0016"("customer_email");
--> statement-breakpoint
UPDATE "email_tokens" SET "email" = "mailbox_0016"("email") WHERE "email" <> "mailbox_0016"("email");
--> statement-breakpoint
-- Mail not yet sent goes to the mailbox's one spelling (what was sent stays as it was recorded).
UPDATE "outbox" SET "to_address" = "mailbox_0016"("to_address") WHERE "status" = 'pending' AND "to_address" <> "mailbox_0016"("to_address");
--> statement-breakpoint
DROP TABLE "contact_merge_0016";
--> statement-breakpoint
DROP FUNCTION "mailbox_0016"(text);
