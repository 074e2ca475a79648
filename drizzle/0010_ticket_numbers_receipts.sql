CREATE TABLE "receipt_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_issuer" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"gstin" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_issuer_one_row" CHECK ("receipt_issuer"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"order_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_id" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"business_name" text NOT NULL,
	"business_address" text,
	"gstin" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"ticket_number" integer NOT NULL,
	"service" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "receipts_year_serial_uq" UNIQUE("financial_year","serial")
);
--> statement-breakpoint
-- Tickets made before numbers existed are numbered in the order they were made, from 1001; the
-- sequence then goes on after the last of them.
ALTER TABLE "tickets" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "tickets" SET "number" = numbered.rn + 1000
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS rn FROM "tickets") AS numbered
WHERE numbered."id" = "tickets"."id";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1);--> statement-breakpoint
SELECT setval('tickets_number_seq', max("number")) FROM "tickets" HAVING max("number") IS NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_payments_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payments"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_ticket_idx" ON "receipts" USING btree ("ticket_id","paid_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_number_unique" UNIQUE("number");