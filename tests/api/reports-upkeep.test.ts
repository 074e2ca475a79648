import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, ticketEvents, ticketRatings, tickets } from '../../src/server/db/schema/index.js';
import type { Report } from '../../src/shared/contracts/reports.js';
import { BOOKING_FEE_PAISE, IN_PROGRESS_FEE_PAISE } from '../../src/shared/product.js';
import { type Session, signUp } from '../support/api.js';
import { bookAndPay, type Draft, get, patch, post, serviceDraft } from '../support/booking.js';
import { inProgressHelpers } from '../support/inprogress.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The reports read report_daily, which the database keeps as tickets, payments, events and ratings
// change (migration report_daily). These follow the app's own calls, and changes made behind its back,
// and hold the kept figures to a rebuild from the rows themselves after each.

let t: TestApp;
let admin: Session;
let engineer: Session;
let other: Session;
let customer: Session;
let draft: Draft;
const { payInProgress } = inProgressHelpers(() => ({ t, draft, engineer }));

/** India's date `days` from today: the range is yesterday to tomorrow, so India's midnight cannot split it. */
const indiaDate = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
const range = () => `from=${indiaDate(-1)}&to=${indiaDate(1)}`;

async function report(): Promise<Report> {
  const res = await get(t, `/api/admin/reports?${range()}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
}

/** The report, checked equal to the one from report_daily rebuilt from the rows (rf_report_rebuild). */
async function keptReport(): Promise<Report> {
  const kept = await report();
  await t.database.db.execute(sql`select rf_report_rebuild()`);
  expect(await report()).toEqual(kept);
  return kept;
}

/** Minutes between two of a ticket's columns, as the database counts them, to two decimals. */
async function minutes(ticketId: string, from: string, to: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select extract(epoch from (${sql.raw(to)} - ${sql.raw(from)})) / 60 as m from tickets where id = ${ticketId}`,
  )) as unknown as { rows: { m: string }[] };
  return Math.round(Number(result.rows[0]?.m) * 100) / 100;
}

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, 'admin');
  engineer = await signUp(t, { name: 'Esha Engineer' }, 'engineer');
  other = await signUp(t, { name: 'Farid Engineer' }, 'engineer');
  customer = await signUp(t, { name: 'Meera Customer' });
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

describe('the reports follow the app', () => {
  let first: string;
  let second: string;

  it('counts bookings and their fees as they are paid', async () => {
    first = (await bookAndPay(t, customer, draft)).ticket.id;
    second = (await bookAndPay(t, customer, draft)).ticket.id;
    const r = await keptReport();
    expect(r.tickets).toEqual({ booked: 2, completed: 0, byStatus: { pending: 2, 'in-progress': 0, completed: 0 } });
    expect(r.revenue).toEqual({
      bookingPaise: 2 * BOOKING_FEE_PAISE,
      inProgressPaise: 0,
      totalPaise: 2 * BOOKING_FEE_PAISE,
    });
    expect(r.minutesToAssign.median).toBeNull();
  });

  it('times the first assignment, not a later one', async () => {
    ok(await patch(t, `/api/admin/tickets/${first}/assign`, { engineerId: engineer.user.id }, admin.headers));
    const once = await minutes(first, 'created_at', 'first_assigned_at');
    expect((await keptReport()).minutesToAssign.median).toBe(once);
    ok(
      await patch(
        t,
        `/api/admin/tickets/${first}/assign`,
        { engineerId: other.user.id, replaces: engineer.user.id },
        admin.headers,
      ),
    );
    ok(
      await patch(
        t,
        `/api/admin/tickets/${first}/assign`,
        { engineerId: engineer.user.id, replaces: other.user.id },
        admin.headers,
      ),
    );
    expect((await keptReport()).minutesToAssign.median).toBe(once);
  });

  it('moves a ticket between statuses, adds the fee, and counts the completion and the rating', async () => {
    ok(await patch(t, `/api/admin/tickets/${first}`, { status: 'in-progress' }, admin.headers));
    expect((await keptReport()).tickets.byStatus).toEqual({ pending: 1, 'in-progress': 1, completed: 0 });
    await payInProgress(customer, first);
    expect((await keptReport()).revenue.inProgressPaise).toBe(IN_PROGRESS_FEE_PAISE);
    ok(await patch(t, `/api/tickets/${first}/complete`, { remarks: 'Driver rolled back.' }, engineer.headers));
    const done = await minutes(first, 'created_at', 'completed_at');
    let r = await keptReport();
    expect(r.tickets).toEqual({ booked: 2, completed: 1, byStatus: { pending: 1, 'in-progress': 0, completed: 1 } });
    expect(r.minutesToComplete).toEqual({ median: done, p90: done });
    expect(r.engineers).toEqual([
      { id: engineer.user.id, name: 'Esha Engineer', completed: 1, medianMinutes: done, averageRating: null },
    ]);
    const rated = await post(t, `/api/tickets/${first}/rating`, { score: 4 }, customer.headers);
    expect(rated.statusCode, rated.body).toBe(201);
    r = await keptReport();
    expect(r.ratings).toEqual({ average: 4, count: 1 });
    expect(r.engineers[0]?.averageRating).toBe(4);
  });

  it('counts bookings made at once, from several connections', async () => {
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => bookAndPay(t, customer, draft)));
    expect(others).toHaveLength(5);
    const r = await keptReport();
    expect(r.tickets.booked).toBe(7);
    expect(r.revenue.bookingPaise).toBe(7 * BOOKING_FEE_PAISE);
  });

  it('takes back what is changed behind its back: an earlier assignment, a payment undone, a rating orphaned, a ticket gone', async () => {
    const db = t.database.db;
    // An assignment recorded earlier than the first one known (a millisecond before it): it becomes the first.
    ok(await patch(t, `/api/admin/tickets/${second}/assign`, { engineerId: other.user.id }, admin.headers));
    const [row] = await db.select({ at: tickets.firstAssignedAt }).from(tickets).where(eq(tickets.id, second));
    const earlier = new Date(row!.at!.getTime() - 1);
    await db.insert(ticketEvents).values({
      ticketId: second,
      kind: 'assigned',
      detail: { engineerId: other.user.id, engineerName: 'Farid Engineer' },
      createdAt: earlier,
    });
    const [moved] = await db.select({ at: tickets.firstAssignedAt }).from(tickets).where(eq(tickets.id, second));
    expect(moved?.at).toEqual(earlier);
    const before = await keptReport();
    // The second ticket's booking no longer paid.
    await db.update(payments).set({ status: 'failed' }).where(eq(payments.ticketId, second));
    expect((await keptReport()).revenue.bookingPaise).toBe(before.revenue.bookingPaise - BOOKING_FEE_PAISE);
    // The rating's engineer gone from it: still in the average, no longer the engineer's.
    await db.update(ticketRatings).set({ engineerId: null }).where(eq(ticketRatings.ticketId, first));
    let r = await keptReport();
    expect(r.ratings).toEqual({ average: 4, count: 1 });
    expect(r.engineers.find((e) => e.id === engineer.user.id)?.averageRating).toBeNull();
    // The completion moved out of the range, then the ticket deleted with its payments.
    await db
      .update(tickets)
      .set({ completedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(tickets.id, first));
    r = await keptReport();
    expect(r.tickets.completed).toBe(0);
    expect(r.minutesToComplete).toEqual({ median: null, p90: null });
    // A ticket written and removed again (one without payments: a paid one's receipts keep it).
    const [bare] = await db
      .insert(tickets)
      .values({
        userId: customer.user.id,
        mainServiceName: 'Laptop',
        subServiceName: 'Repair',
        service: 'Laptop › Repair',
        description: 'Written by hand',
        status: 'completed',
        engineerId: other.user.id,
        bookingOrderId: 'order_upkeep_bare',
        completedAt: new Date(),
      })
      .returning({ id: tickets.id });
    r = await keptReport();
    expect([r.tickets.booked, r.tickets.completed]).toEqual([8, 1]);
    await db.delete(tickets).where(eq(tickets.id, bare!.id));
    r = await keptReport();
    expect([r.tickets.booked, r.tickets.completed, r.engineers]).toEqual([7, 0, []]);
  });
});
