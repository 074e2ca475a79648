ALTER TABLE "password_resets" ADD COLUMN "restore_email" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "restore_google_sub" text;