DROP INDEX "payments_unpaid_created_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_unpaid_updated_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('created', 'failed');