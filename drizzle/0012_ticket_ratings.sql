CREATE TABLE "ticket_ratings" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"engineer_id" uuid,
	"score" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_ratings_score_range" CHECK ("ticket_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_ratings_engineer_idx" ON "ticket_ratings" USING btree ("engineer_id");--> statement-breakpoint
CREATE INDEX "tickets_completed_idx" ON "tickets" USING btree ("completed_at") WHERE "tickets"."completed_at" is not null;