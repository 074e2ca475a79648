import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketEvents, tickets } from '../../src/server/db/schema/index.js';
import type { Report } from '../../src/shared/contracts/reports.js';
import { type Session, signUp } from '../support/api.js';
import { get } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The reports' medians and 90th percentile (DECISIONS.md §7.5) come from the per-day minutes that
// report_daily keeps. Whatever that table holds and however it is read, the figures must be the
// exact percentile_cont of every ticket in the range, to the answer's two decimals: these compare
// them with percentile_cont over the tickets and their events themselves, after inserts, changes
// behind the app's back and a rebuild.

let t: TestApp;
let admin: Session;
let customer: Session;
let engineers: Session[];

/**
 * Three days (a Monday to a Wednesday: days alone), and two whole ISO weeks around all the tickets
 * (weeks: report_weekly).
 */
const RANGES = [
  { from: '2026-05-04', to: '2026-05-06' },
  { from: '2026-04-27', to: '2026-05-10' },
];
const MINUTE = 60_000;
/** A moment in India time: the day `day` of May 2026 at `minutes` past midnight. */
const ist = (day: number, minutes: number) =>
  new Date(Date.parse(`2026-05-${String(day).padStart(2, '0')}T00:00:00+05:30`) + minutes * MINUTE);

/** As the service rounds: two decimals. */
const round = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The figures percentile_cont gives over the tickets and events themselves (India days, both ends included). */
async function direct({ from, to }: { from: string; to: string }) {
  const day = (at: string) => sql.raw(`((${at} at time zone 'UTC') + interval '330 minutes')::date`);
  const minutes = (from: string, to: string) => sql.raw(`extract(epoch from (${to} - ${from})) / 60`);
  const inRange = (at: string) => sql`${day(at)} between ${from}::date and ${to}::date`;
  const [all] = await rows<{ median: number | null; p90: number | null }>(sql`
    select percentile_cont(0.5) within group (order by ${minutes('created_at', 'completed_at')}) as median,
           percentile_cont(0.9) within group (order by ${minutes('created_at', 'completed_at')}) as p90
    from tickets where completed_at is not null and ${inRange('completed_at')}`);
  const perEngineer = await rows<{ id: string; median: number }>(sql`
    select engineer_id as id, percentile_cont(0.5) within group (order by ${minutes('created_at', 'completed_at')}) as median
    from tickets where completed_at is not null and engineer_id is not null and ${inRange('completed_at')}
    group by engineer_id`);
  const [assign] = await rows<{ median: number | null }>(sql`
    select percentile_cont(0.5) within group (order by ${minutes('t.created_at', 'a.at')}) as median
    from tickets t
    join (select ticket_id, min(created_at) as at from ticket_events where kind = 'assigned' group by ticket_id) a
      on a.ticket_id = t.id
    where ${inRange('t.created_at')}`);
  return {
    toComplete: { median: round(all!.median), p90: round(all!.p90) },
    toAssign: round(assign!.median),
    engineers: Object.fromEntries(perEngineer.map((e) => [e.id, round(e.median)])),
  };
}

async function report({ from, to }: { from: string; to: string }): Promise<Report> {
  const res = await get(t, `/api/admin/reports?from=${from}&to=${to}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
}

/** In each range, the report's percentiles equal the direct ones, and a rebuild of report_daily changes nothing. */
async function expectExact() {
  const wanted = [];
  for (const range of RANGES) {
    const want = await direct(range);
    const r = await report(range);
    expect(r.minutesToComplete).toEqual(want.toComplete);
    expect(r.minutesToAssign.median).toBe(want.toAssign);
    expect(Object.fromEntries(r.engineers.filter((e) => e.completed > 0).map((e) => [e.id, e.medianMinutes]))).toEqual(
      want.engineers,
    );
    await t.database.db.execute(sql`select rf_report_rebuild()`);
    expect(await report(range)).toEqual(r);
    wanted.push(want);
  }
  return wanted;
}

let orders = 0;
/** A ticket booked on May `day` at `at` minutes past midnight, assigned `assign` minutes later, completed `done` minutes after booking. */
async function ticket(o: { day: number; at: number; engineer?: Session; assign?: number; done?: number }) {
  const db = t.database.db;
  const created = ist(o.day, o.at);
  const [row] = await db
    .insert(tickets)
    .values({
      userId: customer.user.id,
      mainServiceName: 'Laptop',
      subServiceName: 'Blue screen',
      service: 'Laptop › Blue screen',
      description: 'Percentile fixture',
      status: o.done === undefined ? (o.engineer ? 'in-progress' : 'pending') : 'completed',
      engineerId: o.engineer?.user.id ?? null,
      bookingOrderId: `order_percentile_${++orders}`,
      createdAt: created,
      completedAt: o.done === undefined ? null : new Date(created.getTime() + o.done * MINUTE),
      remarks: o.done === undefined ? null : 'Fixed',
    })
    .returning({ id: tickets.id });
  if (o.engineer && o.assign !== undefined) {
    await db.insert(ticketEvents).values({
      ticketId: row!.id,
      kind: 'assigned',
      detail: { engineerId: o.engineer.user.id, engineerName: o.engineer.user.name },
      createdAt: new Date(created.getTime() + o.assign * MINUTE),
    });
  }
  return row!.id;
}

const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { name: 'Owner' }, 'admin');
  customer = await signUp(t, { name: 'Meera Customer' });
  engineers = [
    await signUp(t, { name: 'Esha Engineer' }, 'engineer'),
    await signUp(t, { name: 'Farid Engineer' }, 'engineer'),
    await signUp(t, { name: 'Gita Engineer' }, 'engineer'),
  ];
  // 23 tickets over the range and a day either side: minutes with ties (40 three times, 17 twice,
  // 5 twice), fractions of a minute, and odd and even counts per engineer (7, 6 and 5 completed).
  const done = [40, 17, 40, 95.5, 17, 61.25, 40, 130, 8.75, 250, 33, 72, 5, 5, 190.4, 44, 58, 121, 66.6, 39];
  const assign = [5, 5, 12, 3.5, 30, 5, 1, 0.25, 12, 7, 7, 60, 2, 2, 45, 9, 5, 11, 3, 4];
  for (const [i, minutes] of done.entries()) {
    ids.push(
      await ticket({
        day: 3 + (i % 5),
        at: 600 + 37 * i,
        engineer: engineers[i % 3],
        assign: assign[i],
        done: i === 19 ? undefined : minutes,
      }),
    );
  }
  // Booked before midnight India time on the range's first day, completed inside it.
  ids.push(await ticket({ day: 3, at: 1420, engineer: engineers[0], assign: 10, done: 125 }));
  // Never assigned, never completed; and one with no engineer at all but completed.
  ids.push(await ticket({ day: 5, at: 700 }));
  ids.push(await ticket({ day: 5, at: 720, done: 77 }));
});
afterAll(() => t.close());

describe('the reports percentiles are exact', () => {
  it('after the tickets are written', async () => {
    for (const want of await expectExact()) {
      expect(want.toComplete.median).not.toBeNull();
      expect(Object.keys(want.engineers)).toHaveLength(3);
    }
  });

  it('after a completed ticket changes engineer and another its completion time', async () => {
    const db = t.database.db;
    await db.update(tickets).set({ engineerId: engineers[2]!.user.id }).where(eq(tickets.id, ids[6]!));
    const [row] = await db.select({ created: tickets.createdAt }).from(tickets).where(eq(tickets.id, ids[7]!));
    await db
      .update(tickets)
      .set({ completedAt: new Date(row!.created.getTime() + 40 * MINUTE) })
      .where(eq(tickets.id, ids[7]!));
    await expectExact();
  });

  it('after a ticket is completed, another completed no more, and a first assignment moves', async () => {
    const db = t.database.db;
    const [row] = await db.select({ created: tickets.createdAt }).from(tickets).where(eq(tickets.id, ids[19]!));
    await db
      .update(tickets)
      .set({ status: 'completed', completedAt: new Date(row!.created.getTime() + 17 * MINUTE), remarks: 'Fixed' })
      .where(eq(tickets.id, ids[19]!));
    await db
      .update(tickets)
      .set({ status: 'in-progress', completedAt: null, remarks: null })
      .where(eq(tickets.id, ids[2]!));
    await db.delete(ticketEvents).where(and(eq(ticketEvents.ticketId, ids[4]!), eq(ticketEvents.kind, 'assigned')));
    await expectExact();
  });

  it('after most tickets are deleted', async () => {
    const db = t.database.db;
    for (const id of ids.slice(0, 15)) {
      await db.delete(ticketEvents).where(eq(ticketEvents.ticketId, id));
      await db.delete(tickets).where(eq(tickets.id, id));
    }
    await expectExact();
  });
});
