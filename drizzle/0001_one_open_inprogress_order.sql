-- A database made before this index may hold several open in-progress orders for one ticket (calls
-- that raced). Keep the newest open; the older ones are marked failed, which a late capture of one of
-- them still upgrades (settlement never un-pays and lets captured/verified replace failed).
UPDATE "payments" SET "status" = 'failed', "updated_at" = now()
WHERE "kind" = 'inprogress' AND "status" = 'created' AND "order_id" NOT IN (
  SELECT DISTINCT ON ("ticket_id") "order_id" FROM "payments"
  WHERE "kind" = 'inprogress' AND "status" = 'created'
  ORDER BY "ticket_id", "created_at" DESC, "order_id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_inprogress_uq" ON "payments" USING btree ("ticket_id") WHERE "payments"."kind" = 'inprogress' and "payments"."status" = 'created';
