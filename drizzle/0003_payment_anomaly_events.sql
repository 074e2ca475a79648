ALTER TYPE "public"."ticket_event_kind" ADD VALUE 'payment_duplicate';--> statement-breakpoint
ALTER TYPE "public"."ticket_event_kind" ADD VALUE 'payment_mismatch';