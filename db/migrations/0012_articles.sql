CREATE TABLE "article_image_files" (
	"image_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "article_image_files_pk" PRIMARY KEY("image_id","name")
);
--> statement-breakpoint
CREATE TABLE "article_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_revisions_article_version_unique" UNIQUE("article_id","version")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"shipped_key" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"excerpt" text NOT NULL,
	"description" text NOT NULL,
	"seo_title" text,
	"category" text NOT NULL,
	"published_on" date NOT NULL,
	"reviewed_on" date NOT NULL,
	"reading_minutes" integer NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"image_alt" text NOT NULL,
	"image_id" integer,
	"shipped_image" text,
	"sort_order" integer NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closing_cta" text,
	"affiliates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "articles_shipped_key_unique" UNIQUE("shipped_key"),
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'scheduled', 'published', 'unpublished')),
	CONSTRAINT "articles_publish_at_check" CHECK ("articles"."status" not in ('scheduled', 'published') or "articles"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "article_image_files" ADD CONSTRAINT "article_image_files_image_id_article_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."article_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_redirects" ADD CONSTRAINT "article_redirects_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_image_id_article_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."article_images"("id") ON DELETE no action ON UPDATE no action;