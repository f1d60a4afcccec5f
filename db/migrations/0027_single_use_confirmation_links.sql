-- Issue 51: a newsletter confirmation link is used once. Its use is recorded here; a second use
-- (or one after the address unsubscribed) confirms nothing. Links minted before this migration
-- have no use recorded: each may be used once more, and one minted before an unsubscribe still
-- confirms nothing (that rule compares times, app/server/audience/email-links.server.ts).
ALTER TABLE "email_tokens" ADD COLUMN "used_at" timestamp with time zone;
