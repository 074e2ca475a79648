ALTER TYPE "public"."account_change_kind" ADD VALUE 'details';--> statement-breakpoint
ALTER TABLE "account_changes" ADD COLUMN "fields" text[];