import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reportDaily, users } from '../../db/schema/index.js';

/**
 * The reports read report_daily (schema/reports.ts): figures per India day and key that the database
 * keeps as tickets, payments, events and ratings change, so a report costs a row per day and key,
 * not a row per ticket, whatever the range holds. Only the medians read a value per ticket, from the
 * days' `minutes` arrays: no exact median can be added up from daily ones.
 */

/** India dates, both included, as YYYY-MM-DD. */
export interface Days {
  from: string;
  to: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The days' rows (of the one table in scope: `day` is report_daily's). */
const inDays = ({ from, to }: Days) => sql`day between ${from}::date and ${to}::date`;

/**
 * Each measure's sums over the days: per day (`day` set, `key` null), and per key over the whole range
 * (`day` null): booked by status, paid by fee, completed and rated by engineer, with the engineer's
 * name ('' the key of none). Sums that come to nothing (a change taken back) are left out.
 */
export const reportSums = (db: Db, days: Days) =>
  rows<{ day: string | null; measure: string; key: string | null; n: number; total: number; name: string | null }>(
    db,
    // The names by a lookup per engineer row (a handful): a join made PostgreSQL hash every account.
    sql`select s.day, s.measure, s.key, s.n, s.total,
          case when s.day is null and s.measure in ('completed', 'rated') and s.key <> ''
               then (select ${users.name} from ${users} where ${users.id} = s.key::uuid) end as name
      from (
        select to_char(day, 'YYYY-MM-DD') as day, measure, key, sum(n)::int as n, sum(total)::float8 as total
        from ${reportDaily}
        where ${inDays(days)} and measure <> 'assigned'
        group by grouping sets ((day, measure), (measure, key))
        having sum(n) <> 0
      ) s`,
  );

/**
 * Minutes to complete (median, 90th percentile) of the tickets completed in the days, in all (`key`
 * null) and per engineer; and minutes to the first assignment (median) of those booked in them. Each
 * engineer's median sorts only their own minutes (a grouped median sorted all of them by engineer
 * first: 57 ms against 22 for 90 days at 100,000 tickets, on a busy machine).
 */
export const reportMinutes = (db: Db, days: Days) =>
  rows<{ measure: 'completed' | 'assigned'; key: string | null; median: number | null; p90: number | null }>(
    db,
    sql`select 'completed' as measure, null as key, c.p[1] as median, c.p[2] as p90
        from (select percentile_cont(array[0.5, 0.9]) within group (order by m) as p
              from ${reportDaily}, unnest(minutes) m where ${inDays(days)} and measure = 'completed') c
      union all
      select 'completed', k.key,
             (select percentile_cont(0.5) within group (order by m)
              from ${reportDaily} r, unnest(r.minutes) m
              where ${inDays(days)} and r.measure = 'completed' and r.key = k.key), null
        from (select distinct key from ${reportDaily}
              where ${inDays(days)} and measure = 'completed' and key <> '') k
      union all
      select 'assigned', null, percentile_cont(0.5) within group (order by m), null
        from ${reportDaily}, unnest(minutes) m where ${inDays(days)} and measure = 'assigned'`,
  );
