import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, ticketEvents, ticketRatings, tickets } from '../../src/server/db/schema/index.js';
import type { Report } from '../../src/shared/contracts/reports.js';
import type { PaymentKind, PaymentStatus } from '../../src/shared/payments.js';
import type { TicketStatus } from '../../src/shared/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import { get } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Session;
let customer: Session;
let e1: Session;
let e2: Session;

/** A moment in India time, 'YYYY-MM-DD HH:MM'. */
const ist = (s: string) => new Date(`${s.replace(' ', 'T')}:00+05:30`);

let orders = 0;
async function ticket(o: {
  created: string;
  status: TicketStatus;
  engineer?: Session;
  assigned?: string;
  completed?: string;
}) {
  const db = t.database.db;
  const [row] = await db
    .insert(tickets)
    .values({
      userId: customer.user.id,
      mainServiceName: 'Laptop',
      subServiceName: 'Blue screen',
      service: 'Laptop › Blue screen',
      description: 'Report fixture',
      status: o.status,
      engineerId: o.engineer?.user.id ?? null,
      bookingOrderId: `order_report_${++orders}`,
      createdAt: ist(o.created),
      completedAt: o.completed ? ist(o.completed) : null,
      remarks: o.completed ? 'Fixed' : null,
    })
    .returning({ id: tickets.id });
  const id = row!.id;
  if (o.assigned && o.engineer) {
    await db.insert(ticketEvents).values({
      ticketId: id,
      kind: 'assigned',
      detail: { engineerId: o.engineer.user.id, engineerName: o.engineer.user.name },
      createdAt: ist(o.assigned),
    });
  }
  return id;
}

/** A payment of `kind` for the ticket, with its events at the given India times. */
async function paid(
  ticketId: string,
  kind: PaymentKind,
  status: PaymentStatus,
  events: { kind: 'payment_captured' | 'payment_verified' | 'payment_failed'; at: string }[],
) {
  const db = t.database.db;
  const orderId = `order_report_pay_${++orders}`;
  const amount = kind === 'booking' ? 9900 : 29900;
  await db.insert(payments).values({
    orderId,
    kind,
    userId: customer.user.id,
    ticketId,
    amount,
    currency: 'INR',
    receipt: orderId,
    status,
    providerPaymentId: status === 'failed' ? null : `pay_${orderId}`,
  });
  for (const e of events) {
    await db.insert(ticketEvents).values({
      ticketId,
      orderId,
      kind: e.kind,
      detail:
        e.kind === 'payment_failed'
          ? { kind, via: 'test', reason: null }
          : { kind, amount, paymentId: `pay_${orderId}`, via: 'test' },
      createdAt: ist(e.at),
    });
  }
}

async function rate(ticketId: string, engineer: Session, score: number, at: string) {
  await t.database.db
    .insert(ticketRatings)
    .values({ ticketId, engineerId: engineer.user.id, score, createdAt: ist(at) });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { name: 'Owner' }, 'admin');
  customer = await signUp(t, { name: 'Meera Customer' });
  e1 = await signUp(t, { name: 'Esha Engineer' }, 'engineer');
  e2 = await signUp(t, { name: 'Farid Engineer' }, 'engineer');

  // Booked 10 March, assigned after 10 minutes, completed after 40; both fees paid (the in-progress
  // one captured, then verified: one payment); rated 5.
  const t1 = await ticket({
    created: '2026-03-10 09:00',
    status: 'completed',
    engineer: e1,
    assigned: '2026-03-10 09:10',
    completed: '2026-03-10 09:40',
  });
  await paid(t1, 'booking', 'verified', [{ kind: 'payment_verified', at: '2026-03-10 08:59' }]);
  await paid(t1, 'inprogress', 'verified', [
    { kind: 'payment_captured', at: '2026-03-10 09:20' },
    { kind: 'payment_verified', at: '2026-03-10 09:21' },
  ]);
  await rate(t1, e1, 5, '2026-03-10 10:00');
  // Booked ten minutes after midnight India time on 11 March (still 10 March in UTC): assigned after
  // 20 minutes, completed after 60; rated 3.
  const t2 = await ticket({
    created: '2026-03-11 00:10',
    status: 'completed',
    engineer: e2,
    assigned: '2026-03-11 00:30',
    completed: '2026-03-11 01:10',
  });
  await paid(t2, 'booking', 'captured', [{ kind: 'payment_captured', at: '2026-03-11 00:09' }]);
  await rate(t2, e2, 3, '2026-03-11 02:00');
  // In progress: assigned after 30 minutes; its in-progress order failed (no revenue).
  const t3 = await ticket({
    created: '2026-03-12 10:00',
    status: 'in-progress',
    engineer: e1,
    assigned: '2026-03-12 10:30',
  });
  await paid(t3, 'booking', 'verified', [{ kind: 'payment_verified', at: '2026-03-12 09:59' }]);
  await paid(t3, 'inprogress', 'failed', [{ kind: 'payment_failed', at: '2026-03-12 10:40' }]);
  // Pending.
  const t4 = await ticket({ created: '2026-03-12 11:00', status: 'pending' });
  await paid(t4, 'booking', 'verified', [{ kind: 'payment_verified', at: '2026-03-12 10:59' }]);
  // Booked (and paid) the day before the range, completed in it after 80 minutes; rated after it.
  const t5 = await ticket({
    created: '2026-03-09 23:00',
    status: 'completed',
    engineer: e1,
    assigned: '2026-03-09 23:05',
    completed: '2026-03-10 00:20',
  });
  await paid(t5, 'booking', 'verified', [{ kind: 'payment_verified', at: '2026-03-09 22:59' }]);
  await rate(t5, e1, 1, '2026-03-13 00:00');
  // Booked and paid at midnight India time just after the range.
  const t6 = await ticket({ created: '2026-03-13 00:00', status: 'pending' });
  await paid(t6, 'booking', 'verified', [{ kind: 'payment_verified', at: '2026-03-13 00:00' }]);
});
afterAll(() => t.close());

const report = async (from: string, to: string, s: Session = admin) => {
  const res = await get(t, `/api/admin/reports?from=${from}&to=${to}`, s.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
};

describe('GET /api/admin/reports', () => {
  it('answers §7.5 figures for a data set of known fees and times (India dates, both ends included)', async () => {
    expect(await report('2026-03-10', '2026-03-12')).toEqual({
      tickets: { booked: 4, completed: 3, byStatus: { pending: 1, 'in-progress': 1, completed: 2 } },
      revenue: { bookingPaise: 4 * 9900, inProgressPaise: 29900, totalPaise: 4 * 9900 + 29900 },
      minutesToAssign: { median: 20 },
      // 40, 60 and 80 minutes: percentile_cont's 90th is 60 + 0.8 × 20.
      minutesToComplete: { median: 60, p90: 76 },
      ratings: { average: 4, count: 2 },
      engineers: [
        { id: e1.user.id, name: 'Esha Engineer', completed: 2, medianMinutes: 60, averageRating: 5 },
        { id: e2.user.id, name: 'Farid Engineer', completed: 1, medianMinutes: 60, averageRating: 3 },
      ],
      daily: [
        { date: '2026-03-10', booked: 1, completed: 2, revenuePaise: 9900 + 29900 },
        { date: '2026-03-11', booked: 1, completed: 1, revenuePaise: 9900 },
        { date: '2026-03-12', booked: 2, completed: 0, revenuePaise: 2 * 9900 },
      ],
    });
  });

  it('counts one day alone, and the next day by India midnight', async () => {
    const day = await report('2026-03-13', '2026-03-13');
    expect(day.tickets).toEqual({ booked: 1, completed: 0, byStatus: { pending: 1, 'in-progress': 0, completed: 0 } });
    expect(day.revenue.totalPaise).toBe(9900);
    // A rating counts on the day it was given, for the engineer who did the work.
    expect(day.ratings).toEqual({ average: 1, count: 1 });
    expect(day.engineers).toEqual([
      { id: e1.user.id, name: 'Esha Engineer', completed: 0, medianMinutes: null, averageRating: 1 },
    ]);
  });

  it('answers zeros and null medians for a range with nothing in it, every date listed', async () => {
    expect(await report('2025-12-31', '2026-01-02')).toEqual({
      tickets: { booked: 0, completed: 0, byStatus: { pending: 0, 'in-progress': 0, completed: 0 } },
      revenue: { bookingPaise: 0, inProgressPaise: 0, totalPaise: 0 },
      minutesToAssign: { median: null },
      minutesToComplete: { median: null, p90: null },
      ratings: { average: null, count: 0 },
      engineers: [],
      daily: ['2025-12-31', '2026-01-01', '2026-01-02'].map((date) => ({
        date,
        booked: 0,
        completed: 0,
        revenuePaise: 0,
      })),
    });
  });

  it('covers up to 366 days', async () => {
    const year = await report('2024-01-01', '2024-12-31');
    expect(year.daily).toHaveLength(366);
    expect(year.daily.at(-1)?.date).toBe('2024-12-31');
  });

  it('refuses a missing, malformed, impossible, reversed or too long range (400)', async () => {
    for (const q of [
      '',
      'from=2026-03-10',
      'from=10-03-2026&to=2026-03-12',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-12&to=2026-03-10',
      'from=2024-01-01&to=2025-01-01',
      // Years no business report means, which PostgreSQL cannot count in (year 0, past 9999).
      'from=0000-01-01&to=0000-01-01',
      'from=0000-12-31&to=0001-01-01',
      'from=9999-12-31&to=9999-12-31',
      'from=1999-12-31&to=2000-01-01',
    ]) {
      expectError(await get(t, `/api/admin/reports?${q}`, admin.headers), 400);
    }
  });

  it('is for admins only', async () => {
    expectError(await get(t, '/api/admin/reports?from=2026-03-10&to=2026-03-12'), 401);
    expectError(await get(t, '/api/admin/reports?from=2026-03-10&to=2026-03-12', customer.headers), 403);
    expectError(await get(t, '/api/admin/reports?from=2026-03-10&to=2026-03-12', e1.headers), 403);
  });
});
