import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reportDaily, reportWeekly, users } from '../../db/schema/index.js';
import { addDays, isoWeekday } from '../../../shared/dates.js';

/**
 * The reports read report_daily and report_weekly (schema/reports.ts): figures per India day (and the
 * minutes per week) that the database keeps as tickets, payments, events and ratings change, so a
 * report costs a row per day and key, not a row per ticket, whatever the range holds. The medians
 * read sorted arrays of minutes, a row per full week of the range and per day outside them.
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
 * The days split for report_weekly: the whole ISO weeks (Monday to Sunday) inside them, as their first
 * and last Mondays (null: none), and the days before and after those weeks.
 */
export function splitWeeks({ from, to }: Days): { weeks: Days | null; days: Days[] } {
  const first = addDays(from, (8 - isoWeekday(from)) % 7);
  const last = addDays(to, 1 - (isoWeekday(addDays(to, 1)) - 1) - 7);
  if (first > last) return { weeks: null, days: [{ from, to }] };
  const days = [
    { from, to: addDays(first, -1) },
    { from: addDays(last, 7), to },
  ].filter((d) => d.from <= d.to);
  return { weeks: { from: first, to: last }, days };
}

/** A percentile of one group's minutes: `key` null for all of the measure's, else one engineer's. */
export interface Percentile {
  measure: 'completed' | 'assigned';
  key: string | null;
  p: number;
  value: number | null;
}

/**
 * Minutes to complete (median, 90th percentile) of the tickets completed in the days, in all and per
 * engineer; and minutes to the first assignment (median) of those booked in them: exactly
 * percentile_cont over every value, without sorting them all. The values of rank floor(p·(n−1)) and
 * ceil(p·(n−1)) (0-based) lie, as a rule, between the 10th and 90th percentiles of the rows' own
 * values around those ranks (whole weeks' when the range has some: a day holds too few values to say
 * much). Each row being sorted, width_bucket counts by binary search its values at most the lower
 * end, and a slice holds those inside the bracket, so only the bracket's values are sorted (for 90
 * days at 100,000 tickets, 1,008 of the 63,000 a full sort reads). A group whose ranks fall outside
 * its bracket comes back `missed`, for reportPercentile.
 */
export function reportPercentiles(db: Db, range: Days) {
  const { weeks, days } = splitWeeks(range);
  const inWeeks = weeks ? sql`w.week between ${weeks.from}::date and ${weeks.to}::date` : sql`false`;
  const inDaysAlone = days.length
    ? sql.join(
        days.map((d) => sql`d.day between ${d.from}::date and ${d.to}::date`),
        sql` or `,
      )
    : sql`false`;
  return rows<Percentile & { missed: boolean }>(
    db,
    sql`with sorted as materialized (
        -- Each row once per group it counts in ('*': the measure's all), detoasted once (|| '{}').
        select w.measure, case when w.measure = 'assigned' then '*' else w.key end as grp,
               w.minutes || '{}'::float8[] as a, true as weekly
          from ${reportWeekly} w
          where ${inWeeks} and (w.measure = 'assigned' or w.key <> '')
            and cardinality(w.minutes) > 0
        union all
        select d.measure, g.grp, d.minutes || '{}'::float8[], false
          from ${reportDaily} d,
               lateral (values ('*'), (case when d.measure = 'completed' and d.key <> '' then d.key end)) g(grp)
          where (${inDaysAlone})
            and d.measure in ('assigned', 'completed') and g.grp is not null and cardinality(d.minutes) > 0
      ),
      target as (
        select measure, grp, p, sum(cardinality(a))::bigint as n,
               coalesce(percentile_disc(0.1) within group (order by a[floor(p * (cardinality(a) - 1))::int])
                          filter (where weekly),
                        percentile_disc(0.1) within group (order by a[floor(p * (cardinality(a) - 1))::int]),
                        '-infinity') as lo,
               coalesce(percentile_disc(0.9) within group (order by a[ceil(p * (cardinality(a) - 1))::int + 1])
                          filter (where weekly),
                        percentile_disc(0.9) within group (order by a[ceil(p * (cardinality(a) - 1))::int + 1]),
                        'infinity') as hi
        from sorted,
             unnest(case when measure = 'completed' and grp = '*' then '{0.5,0.9}' else '{0.5}' end::float8[]) p
        group by measure, grp, p
      ),
      cut as materialized (
        -- Per group and row: how many are at most the bracket's lower end, and the values inside it.
        select t.measure, t.grp, t.p, width_bucket(t.lo, s.a) as below,
               s.a[width_bucket(t.lo, s.a) + 1 : width_bucket(t.hi, s.a)] as inside
        from target t join sorted s using (measure, grp)
      ),
      below as (select measure, grp, p, sum(below)::bigint as below from cut group by measure, grp, p),
      bracket as materialized (
        select measure, grp, p, array_agg(v order by v) as values
        from cut, unnest(inside) v group by measure, grp, p
      ),
      ranked as (
        -- percentile_cont's own arithmetic: the ranks (0-based) around p·(n−1), and the share between them.
        select t.measure, t.grp, t.p, floor(t.p * (t.n - 1)::float8) - b.below + 1 as i,
               ceil(t.p * (t.n - 1)::float8) - b.below + 1 as j,
               t.p * (t.n - 1)::float8 - floor(t.p * (t.n - 1)::float8) as share,
               coalesce(br.values, '{}') as w
        from target t join below b using (measure, grp, p) left join bracket br using (measure, grp, p)
      )
      select measure, nullif(grp, '*') as key, p, w[i::int] + share * (w[j::int] - w[i::int]) as value,
             not (i >= 1 and j <= cardinality(w)) as missed
      from ranked`,
  );
}

/** One group's percentile the plain way, every value sorted: for a group whose bracket missed. */
export async function reportPercentile(db: Db, days: Days, { measure, key, p }: Percentile): Promise<number | null> {
  const [row] = await rows<{ value: number | null }>(
    db,
    sql`select percentile_cont(${p}::float8) within group (order by m) as value
        from ${reportDaily}, unnest(minutes) m
        where ${inDays(days)} and measure = ${measure} and (${key}::text is null or key = ${key})`,
  );
  return row?.value ?? null;
}
