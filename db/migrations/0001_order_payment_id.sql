ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
CREATE INDEX "orders_provider_payment_id_idx" ON "orders" USING btree ("provider_payment_id");