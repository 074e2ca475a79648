import { type SQL, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../../shared/payments.js';
import type { Db } from '../../db/client.js';
import { payments, statusLiterals, ticketEvents, ticketRatings, tickets, users } from '../../db/schema/index.js';

/** A half-open span of time: from `start` (included) to `end` (excluded). */
export interface Span {
  start: Date;
  end: Date;
}

/**
 * A moment's calendar date in India (YYYY-MM-DD). India has kept +05:30 all year since 1945, so a
 * fixed offset gives the same dates as the tz database, without depending on one being installed.
 */
const indiaDay = (column: SQL | unknown) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

const minutesBetween = (from: unknown, to: unknown) => sql`extract(epoch from (${to} - ${from})) / 60`;

const within = (column: unknown, span: Span) =>
  sql`${column} >= ${span.start.toISOString()}::timestamptz and ${column} < ${span.end.toISOString()}::timestamptz`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Tickets created in the span, by India date and status now. */
export const bookedByDayAndStatus = (db: Db, span: Span) =>
  rows<{ day: string; status: string; n: number }>(
    db,
    sql`select ${indiaDay(tickets.createdAt)} as day, ${tickets.status} as status, count(*)::int as n
      from ${tickets} where ${within(tickets.createdAt, span)} group by 1, 2`,
  );

/** Tickets completed in the span, by India date. */
export const completedByDay = (db: Db, span: Span) =>
  rows<{ day: string; n: number }>(
    db,
    sql`select ${indiaDay(tickets.completedAt)} as day, count(*)::int as n
      from ${tickets} where ${within(tickets.completedAt, span)} group by 1`,
  );

/** Creation to completion of the tickets completed in the span: median and 90th percentile, in minutes. */
export async function completionMinutes(db: Db, span: Span) {
  const minutes = minutesBetween(tickets.createdAt, tickets.completedAt);
  const [row] = await rows<{ median: number | null; p90: number | null }>(
    db,
    sql`select percentile_cont(0.5) within group (order by ${minutes}) as median,
        percentile_cont(0.9) within group (order by ${minutes}) as p90
      from ${tickets} where ${within(tickets.completedAt, span)}`,
  );
  return { median: row?.median ?? null, p90: row?.p90 ?? null };
}

/** Creation to the first assignment, median in minutes, of the tickets created in the span. */
export async function assignmentMinutes(db: Db, span: Span) {
  const [row] = await rows<{ median: number | null }>(
    db,
    sql`select percentile_cont(0.5) within group (order by ${minutesBetween(tickets.createdAt, sql`first.at`)}) as median
      from ${tickets}
      cross join lateral (
        select ${ticketEvents.createdAt} as at from ${ticketEvents}
        where ${ticketEvents.ticketId} = ${tickets.id} and ${ticketEvents.kind} = 'assigned'
        order by ${ticketEvents.createdAt} limit 1
      ) first
      where ${within(tickets.createdAt, span)}`,
  );
  return row?.median ?? null;
}

/** Each engineer's tickets completed in the span: how many, and their median minutes from creation. */
export const engineerCompletions = (db: Db, span: Span) =>
  rows<{ id: string; name: string; completed: number; median: number | null }>(
    db,
    sql`select ${users.id} as id, ${users.name} as name, count(*)::int as completed,
        percentile_cont(0.5) within group (order by ${minutesBetween(tickets.createdAt, tickets.completedAt)}) as median
      from ${tickets} join ${users} on ${users.id} = ${tickets.engineerId}
      where ${within(tickets.completedAt, span)}
      group by ${users.id}, ${users.name}`,
  );

/**
 * What was paid in the span, by India date and fee: each paid order counts once, at its first
 * captured or verified event (a capture later verified is one payment), for its order's amount.
 */
export const revenueByDayAndKind = (db: Db, span: Span) => {
  const paidKinds = sql.raw(`'payment_captured', 'payment_verified'`);
  return rows<{ day: string; kind: 'booking' | 'inprogress'; paise: number }>(
    db,
    sql`select ${indiaDay(sql`e.created_at`)} as day, p.kind as kind, sum(p.amount)::float8 as paise
      from ${ticketEvents} e join ${payments} p on p.order_id = e.order_id
      where e.kind in (${paidKinds}) and ${within(sql`e.created_at`, span)}
        and p.status in (${statusLiterals(PAID_STATUSES)})
        and not exists (
          select 1 from ${ticketEvents} f
          where f.order_id = e.order_id and f.kind in (${paidKinds})
            and (f.created_at < e.created_at or (f.created_at = e.created_at and f.id < e.id)))
      group by 1, 2`,
  );
};

/** Ratings given in the span, by the engineer who did the work (null: their account is gone). */
export const ratingsByEngineer = (db: Db, span: Span) =>
  rows<{ id: string | null; name: string | null; total: number; n: number }>(
    db,
    sql`select r.engineer_id as id, u.name as name, sum(r.score)::float8 as total, count(*)::int as n
      from ${ticketRatings} r left join ${users} u on u.id = r.engineer_id
      where ${within(sql`r.created_at`, span)}
      group by r.engineer_id, u.name`,
  );
