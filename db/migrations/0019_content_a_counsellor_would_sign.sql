-- Issue 41. A review the owner has not decided on publishes itself after her set number of days
-- (16 CFR 465.7); auto_published marks the ones the site published, not the owner.
ALTER TABLE "reviews" ADD COLUMN "auto_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The credit guide's sequence gains a sixth step on about day 40. Readers enrolled so far agreed to
-- "a few short e-mails with tips over about two weeks" (wording 2026-11-26): theirs ends at step 5.
ALTER TABLE "sequence_enrollments" ADD COLUMN "last_position" integer;--> statement-breakpoint
UPDATE "sequence_enrollments" SET "last_position" = 5 WHERE "guide" = 'credit-repair';
