-- Issue 42: a broadcast made by "Publish and e-mail" names its article, so the editor shows what was e-mailed (an article deleted leaves its broadcasts).
ALTER TABLE "broadcasts" ADD COLUMN "article_id" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_article_id_idx" ON "broadcasts" USING btree ("article_id");