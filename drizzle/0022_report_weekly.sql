CREATE TABLE "report_weekly" (
	"week" date NOT NULL,
	"measure" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"minutes" double precision[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "report_weekly_week_measure_key_pk" PRIMARY KEY("week","measure","key"),
	CONSTRAINT "report_weekly_measure" CHECK ("report_weekly"."measure" in ('assigned', 'completed'))
);
--> statement-breakpoint
-- The reports' medians (DECISIONS.md §7.5) over a long range read a row per week and a narrow slice of
-- each sorted array (src/server/modules/reports/queries.ts) instead of sorting every ticket's minutes:
-- 90 days at 100,000 tickets took twice as long as at 10,000. report_daily's arrays become sorted
-- too, and report_weekly holds the same minutes per ISO week. Nothing else writes while this runs.
LOCK TABLE "tickets", "payments", "ticket_events", "ticket_ratings" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Uncompressed: a compressed array is decompressed whole at each read, and sorted ones do compress.
ALTER TABLE "report_daily" ALTER COLUMN "minutes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "report_weekly" ALTER COLUMN "minutes" SET STORAGE EXTERNAL;--> statement-breakpoint
-- A day's ISO week, as its Monday.
CREATE OR REPLACE FUNCTION rf_week(day date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT day - (extract(isodow FROM day)::int - 1)
$$;
--> statement-breakpoint
-- A sorted `arr` with `v` put in its place (width_bucket: how many of arr are at most v, by binary search).
CREATE OR REPLACE FUNCTION rf_with_one(arr float8[], v float8) RETURNS float8[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT arr[:i] || v || arr[i + 1:] FROM (SELECT width_bucket(v, arr) AS i) p
$$;
--> statement-breakpoint
-- The difference between a row's old and new contributions: the parts present on one side only, each
-- with its sign (-1 taken out, 1 put in).
CREATE OR REPLACE FUNCTION rf_report_diff(old_parts rf_report_part[], new_parts rf_report_part[])
RETURNS TABLE (day date, measure text, key text, n integer, total bigint, minute float8, sign integer)
LANGUAGE sql IMMUTABLE AS $$
  (SELECT o.*, -1 FROM unnest(old_parts) o EXCEPT ALL SELECT nw.*, -1 FROM unnest(new_parts) nw)
  UNION ALL
  (SELECT nw.*, 1 FROM unnest(new_parts) nw EXCEPT ALL SELECT o.*, 1 FROM unnest(old_parts) o)
$$;
--> statement-breakpoint
-- As before (report_daily migration), the minutes kept sorted, then the week's rows: every day row first,
-- then every week row, each in key order, so two transactions lock report rows in one order. A week's
-- completions are kept per engineer and for all of them (key '*').
CREATE OR REPLACE FUNCTION rf_report_apply(old_parts rf_report_part[], new_parts rf_report_part[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  part record;
  my_slot smallint := pg_backend_pid() % 8;
BEGIN
  FOR part IN
    SELECT d.day, d.measure, d.key, d.n * d.sign AS n, d.total * d.sign AS total, d.minute, d.sign,
           CASE WHEN d.measure IN ('booked', 'paid') THEN my_slot ELSE 0 END::smallint AS slot
    FROM rf_report_diff(old_parts, new_parts) d
    ORDER BY d.day, d.measure, d.key, d.sign
  LOOP
    INSERT INTO report_daily AS r (day, measure, key, slot, n, total, minutes)
    VALUES (part.day, part.measure, part.key, part.slot, part.n, part.total,
            CASE WHEN part.sign > 0 AND part.minute IS NOT NULL THEN ARRAY[part.minute] ELSE '{}' END)
    ON CONFLICT (day, measure, key, slot) DO UPDATE
      SET n = r.n + excluded.n, total = r.total + excluded.total,
          minutes = CASE WHEN part.minute IS NULL THEN r.minutes
                         WHEN part.sign > 0 THEN rf_with_one(r.minutes, part.minute)
                         ELSE rf_without_one(r.minutes, part.minute) END;
  END LOOP;
  FOR part IN
    SELECT rf_week(d.day) AS week, d.measure, k.key, d.minute, d.sign
    FROM rf_report_diff(old_parts, new_parts) d,
         LATERAL (VALUES (d.key), (CASE WHEN d.measure = 'completed' THEN '*' END)) k(key)
    WHERE d.minute IS NOT NULL AND k.key IS NOT NULL
    ORDER BY week, d.measure, k.key, d.sign
  LOOP
    INSERT INTO report_weekly AS w (week, measure, key, minutes)
    VALUES (part.week, part.measure, part.key, CASE WHEN part.sign > 0 THEN ARRAY[part.minute] ELSE '{}' END)
    ON CONFLICT (week, measure, key) DO UPDATE
      SET minutes = CASE WHEN part.sign > 0 THEN rf_with_one(w.minutes, part.minute)
                         ELSE rf_without_one(w.minutes, part.minute) END;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- As before, with sorted minutes, and report_weekly from the same parts.
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
  SELECT p.day, p.measure, p.key, 0, sum(p.n), sum(p.total),
         coalesce(array_agg(p.minute ORDER BY p.minute) FILTER (WHERE p.minute IS NOT NULL), '{}')
  FROM (SELECT (rf_report_parts(t)).* FROM tickets t
        UNION ALL SELECT (rf_report_parts(p)).* FROM payments p
        UNION ALL SELECT (rf_report_parts(r)).* FROM ticket_ratings r) p
  GROUP BY p.day, p.measure, p.key;
  DELETE FROM report_weekly;
  INSERT INTO report_weekly (week, measure, key, minutes)
  SELECT rf_week(p.day), p.measure, k.key, array_agg(p.minute ORDER BY p.minute)
  FROM (SELECT (rf_report_parts(t)).* FROM tickets t) p,
       LATERAL (VALUES (p.key), (CASE WHEN p.measure = 'completed' THEN '*' END)) k(key)
  WHERE p.minute IS NOT NULL AND k.key IS NOT NULL
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT rf_report_rebuild();
