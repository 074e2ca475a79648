CREATE TYPE "public"."role" AS ENUM('user', 'engineer', 'admin', 'superadmin');--> statement-breakpoint
CREATE TYPE "public"."computer_type" AS ENUM('Desktop Computer', 'Laptop', 'Mac', 'Other');--> statement-breakpoint
CREATE TYPE "public"."urgency" AS ENUM('Low', 'Medium', 'Urgent');--> statement-breakpoint
CREATE TYPE "public"."ticket_event_kind" AS ENUM('created', 'status_changed', 'assigned', 'payment_created', 'payment_captured', 'payment_verified', 'payment_failed', 'completed');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('pending', 'in-progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('booking', 'inprogress');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('created', 'captured', 'verified', 'failed');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" "role" DEFAULT 'user' NOT NULL,
	"password_hash" text,
	"google_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"computer_type" "computer_type" NOT NULL,
	"description" text NOT NULL,
	"urgency" "urgency" DEFAULT 'Low' NOT NULL,
	"main_service_id" uuid,
	"sub_service_id" uuid,
	"main_service_name" text NOT NULL,
	"sub_service_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid,
	"order_id" text,
	"actor_id" uuid,
	"kind" "ticket_event_kind" NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"main_service_id" uuid,
	"sub_service_id" uuid,
	"main_service_name" text NOT NULL,
	"sub_service_name" text NOT NULL,
	"service" text NOT NULL,
	"description" text NOT NULL,
	"status" "ticket_status" DEFAULT 'pending' NOT NULL,
	"remarks" text,
	"engineer_id" uuid,
	"booking_order_id" text NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_booking_order_id_unique" UNIQUE("booking_order_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_id" uuid,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"receipt" text NOT NULL,
	"status" "payment_status" DEFAULT 'created' NOT NULL,
	"provider_payment_id" text,
	"draft" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_parent_id_services_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_main_service_id_services_id_fk" FOREIGN KEY ("main_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_sub_service_id_services_id_fk" FOREIGN KEY ("sub_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_main_service_id_services_id_fk" FOREIGN KEY ("main_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sub_service_id_services_id_fk" FOREIGN KEY ("sub_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_unique" ON "users" USING btree ("google_sub") WHERE "users"."google_sub" is not null;--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "services_parent_idx" ON "services" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_main_name_unique" ON "services" USING btree (lower("name")) WHERE "services"."parent_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "services_sub_name_unique" ON "services" USING btree ("parent_id",lower("name")) WHERE "services"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "contact_requests_created_idx" ON "contact_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_events_order_idx" ON "ticket_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_user_created_idx" ON "tickets" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_engineer_created_idx" ON "tickets" USING btree ("engineer_id","created_at","id") WHERE "tickets"."engineer_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_status_created_idx" ON "tickets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_ticket_idx" ON "payments" USING btree ("ticket_id","kind","status");--> statement-breakpoint
CREATE INDEX "oidc_logins_expires_idx" ON "oidc_logins" USING btree ("expires_at");