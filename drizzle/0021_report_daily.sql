-- The reports (DECISIONS.md §7.5) read per-day figures kept in report_daily by the triggers below, in
-- the same transaction as each change, instead of every ticket, payment and event of their range
-- (1.4 s for 90 days at 100,000 tickets before). See src/server/db/schema/reports.ts for what each
-- measure holds. Nothing else writes while this runs: the tables are locked until it commits.
LOCK TABLE "tickets", "payments", "ticket_events", "ticket_ratings" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "report_daily" (
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"minutes" double precision[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "report_daily_day_measure_key_slot_pk" PRIMARY KEY("day","measure","key","slot"),
	CONSTRAINT "report_daily_measure" CHECK ("report_daily"."measure" in ('booked', 'paid', 'assigned', 'completed', 'rated'))
);
--> statement-breakpoint
DROP INDEX "tickets_completed_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- A moment's India date: India keeps +05:30 all year (as the report's own dates).
CREATE OR REPLACE FUNCTION rf_india_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '330 minutes')::date
$$;
--> statement-breakpoint
-- Minutes from one moment to another, the value the reports' medians order (as percentile_cont casts it).
CREATE OR REPLACE FUNCTION rf_minutes(from_at timestamptz, to_at timestamptz) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (extract(epoch FROM (to_at - from_at)) / 60)::float8
$$;
--> statement-breakpoint
-- The figures one row contributes: a ticket (booked, assigned, completed), a payment (paid) or a rating
-- (rated). A row's change is its old contributions taken out and its new ones put in.
CREATE TYPE rf_report_part AS (day date, measure text, key text, n integer, total bigint, minute float8);--> statement-breakpoint
CREATE OR REPLACE FUNCTION rf_report_parts(t tickets) RETURNS SETOF rf_report_part LANGUAGE sql IMMUTABLE AS $$
  SELECT rf_india_day(t.created_at), 'booked', t.status::text, 1, 0::bigint, NULL::float8
  UNION ALL
  SELECT rf_india_day(t.created_at), 'assigned', '', 1, 0, rf_minutes(t.created_at, t.first_assigned_at)
    WHERE t.first_assigned_at IS NOT NULL
  UNION ALL
  SELECT rf_india_day(t.completed_at), 'completed', coalesce(t.engineer_id::text, ''), 1, 0,
         rf_minutes(t.created_at, t.completed_at)
    WHERE t.completed_at IS NOT NULL
$$;
--> statement-breakpoint
-- Paid: captured or verified now (PAID_STATUSES in src/shared/payments.ts), on its first paid event's day.
CREATE OR REPLACE FUNCTION rf_report_parts(p payments) RETURNS SETOF rf_report_part LANGUAGE sql IMMUTABLE AS $$
  SELECT rf_india_day(p.paid_at), 'paid', p.kind::text, 1, p.amount::bigint, NULL::float8
    WHERE p.paid_at IS NOT NULL AND p.status IN ('captured', 'verified')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rf_report_parts(r ticket_ratings) RETURNS SETOF rf_report_part LANGUAGE sql IMMUTABLE AS $$
  SELECT rf_india_day(r.created_at), 'rated', coalesce(r.engineer_id::text, ''), 1, r.score::bigint, NULL::float8
$$;
--> statement-breakpoint
-- `arr` without one occurrence of `v` (array_remove would take them all).
CREATE OR REPLACE FUNCTION rf_without_one(arr float8[], v float8) RETURNS float8[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN i IS NULL THEN arr ELSE arr[:i - 1] || arr[i + 1:] END
  FROM (SELECT array_position(arr, v) AS i) p
$$;
--> statement-breakpoint
-- Applies the difference between a row's old and new contributions. Parts present on both sides are
-- left alone; the rest are applied in key order, so two transactions lock report rows in one order.
-- Bookings (booked, paid) write the row of their connection's slot; the others, whose minutes may
-- have to be taken out again, slot 0.
CREATE OR REPLACE FUNCTION rf_report_apply(old_parts rf_report_part[], new_parts rf_report_part[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  part record;
  my_slot smallint := pg_backend_pid() % 8;
BEGIN
  FOR part IN
    SELECT d.day, d.measure, d.key, d.n * d.sign AS n, d.total * d.sign AS total, d.minute, d.sign,
           CASE WHEN d.measure IN ('booked', 'paid') THEN my_slot ELSE 0 END::smallint AS slot
    FROM (
      (SELECT o.*, -1 AS sign FROM unnest(old_parts) o
        EXCEPT ALL SELECT n.*, -1 FROM unnest(new_parts) n)
      UNION ALL
      (SELECT n.*, 1 FROM unnest(new_parts) n
        EXCEPT ALL SELECT o.*, 1 FROM unnest(old_parts) o)
    ) d
    ORDER BY d.day, d.measure, d.key, d.sign
  LOOP
    INSERT INTO report_daily AS r (day, measure, key, slot, n, total, minutes)
    VALUES (part.day, part.measure, part.key, part.slot, part.n, part.total,
            CASE WHEN part.sign > 0 AND part.minute IS NOT NULL THEN ARRAY[part.minute] ELSE '{}' END)
    ON CONFLICT (day, measure, key, slot) DO UPDATE
      SET n = r.n + excluded.n, total = r.total + excluded.total,
          minutes = CASE WHEN part.minute IS NULL THEN r.minutes
                         WHEN part.sign > 0 THEN r.minutes || part.minute
                         ELSE rf_without_one(r.minutes, part.minute) END;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- One trigger function for tickets, payments and ticket_ratings: rf_report_parts is picked by the
-- table's row type (PL/pgSQL compiles the function once per table it fires on).
CREATE OR REPLACE FUNCTION rf_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rf_report_apply(
    CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE ARRAY(SELECT rf_report_parts(OLD)) END,
    CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE ARRAY(SELECT rf_report_parts(NEW)) END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An order's first paid event, from its events (the payment row may come before or after them).
CREATE OR REPLACE FUNCTION rf_first_paid_at(order_id text) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min(e.created_at) FROM ticket_events e
  WHERE e.order_id = rf_first_paid_at.order_id AND e.kind IN ('payment_captured', 'payment_verified')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rf_first_assigned_at(ticket_id uuid) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min(e.created_at) FROM ticket_events e
  WHERE e.ticket_id = rf_first_assigned_at.ticket_id AND e.kind = 'assigned'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rf_payment_paid_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.paid_at := rf_first_paid_at(NEW.order_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- An event added, moved or removed: its ticket's first assignment and its order's first payment again.
CREATE OR REPLACE FUNCTION rf_report_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e record;
BEGIN
  FOR e IN
    SELECT * FROM (SELECT NEW.ticket_id, NEW.order_id, NEW.kind WHERE TG_OP <> 'DELETE'
                   UNION SELECT OLD.ticket_id, OLD.order_id, OLD.kind WHERE TG_OP <> 'INSERT') x(ticket_id, order_id, kind)
  LOOP
    IF e.kind = 'assigned' AND e.ticket_id IS NOT NULL THEN
      UPDATE tickets SET first_assigned_at = rf_first_assigned_at(e.ticket_id)
      WHERE id = e.ticket_id AND first_assigned_at IS DISTINCT FROM rf_first_assigned_at(e.ticket_id);
    ELSIF e.kind IN ('payment_captured', 'payment_verified') AND e.order_id IS NOT NULL THEN
      UPDATE payments SET paid_at = rf_first_paid_at(e.order_id)
      WHERE order_id = e.order_id AND paid_at IS DISTINCT FROM rf_first_paid_at(e.order_id);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The whole table again from the tickets, payments, events and ratings (this migration, the bench's
-- bulk seed, and a check that the triggers kept it true).
CREATE OR REPLACE FUNCTION rf_report_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE tickets t SET first_assigned_at = f.at
  FROM (SELECT t2.id, a.at FROM tickets t2 LEFT JOIN (
          SELECT ticket_id, min(created_at) AS at FROM ticket_events WHERE kind = 'assigned' GROUP BY ticket_id
        ) a ON a.ticket_id = t2.id) f
  WHERE f.id = t.id AND t.first_assigned_at IS DISTINCT FROM f.at;
  UPDATE payments p SET paid_at = f.at
  FROM (SELECT p2.order_id, e.at FROM payments p2 LEFT JOIN (
          SELECT order_id, min(created_at) AS at FROM ticket_events
          WHERE kind IN ('payment_captured', 'payment_verified') GROUP BY order_id
        ) e ON e.order_id = p2.order_id) f
  WHERE f.order_id = p.order_id AND p.paid_at IS DISTINCT FROM f.at;
  DELETE FROM report_daily;
  INSERT INTO report_daily (day, measure, key, slot, n, total, minutes)
  SELECT p.day, p.measure, p.key, 0, sum(p.n), sum(p.total), coalesce(array_agg(p.minute) FILTER (WHERE p.minute IS NOT NULL), '{}')
  FROM (SELECT (rf_report_parts(t)).* FROM tickets t
        UNION ALL SELECT (rf_report_parts(p)).* FROM payments p
        UNION ALL SELECT (rf_report_parts(r)).* FROM ticket_ratings r) p
  GROUP BY p.day, p.measure, p.key;
$$;
--> statement-breakpoint
SELECT rf_report_rebuild();--> statement-breakpoint
CREATE TRIGGER tickets_report AFTER INSERT OR UPDATE OF created_at, status, first_assigned_at, completed_at, engineer_id
  OR DELETE ON tickets FOR EACH ROW EXECUTE FUNCTION rf_report_row();--> statement-breakpoint
CREATE TRIGGER payments_paid_at BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION rf_payment_paid_at();--> statement-breakpoint
CREATE TRIGGER payments_report AFTER INSERT OR UPDATE OF paid_at, status, kind, amount OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION rf_report_row();--> statement-breakpoint
CREATE TRIGGER ticket_events_report AFTER INSERT OR UPDATE OF ticket_id, order_id, kind, created_at OR DELETE
  ON ticket_events FOR EACH ROW EXECUTE FUNCTION rf_report_event();--> statement-breakpoint
CREATE TRIGGER ticket_ratings_report AFTER INSERT OR UPDATE OF created_at, engineer_id, score OR DELETE
  ON ticket_ratings FOR EACH ROW EXECUTE FUNCTION rf_report_row();
