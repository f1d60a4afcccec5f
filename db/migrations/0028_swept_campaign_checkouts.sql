CREATE TABLE "swept_campaign_checkouts" (
	"campaign" text PRIMARY KEY NOT NULL,
	"checkouts" integer NOT NULL
);
