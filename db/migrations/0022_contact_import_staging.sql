CREATE TABLE "contact_import_rows" (
	"import_id" text NOT NULL,
	"row" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"source" text NOT NULL,
	"tags" text[] NOT NULL,
	CONSTRAINT "contact_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'reading' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_status_check" CHECK ("contact_imports"."status" in ('reading', 'merging', 'imported', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "contact_import_rows" ADD CONSTRAINT "contact_import_rows_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_updated_at_idx" ON "contact_imports" USING btree ("updated_at");