import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentJobs } from '../../src/server/modules/payments/jobs.js';
import { createRazorpayProvider } from '../../src/server/modules/payments/providers/razorpay-provider.js';
import { createTestProvider } from '../../src/server/modules/payments/providers/test-provider.js';
import { RECONCILE, reconcileOrders } from '../../src/server/modules/payments/reconcile.js';
import { payments } from '../../src/server/db/schema/index.js';
import { signUp } from '../support/api.js';
import {
  type Draft,
  eventsOfOrder,
  inProgressWith,
  openBookingOrder,
  paymentRow,
  post,
  serviceDraft,
  ticketRowsOfOrder,
  verify,
} from '../support/booking.js';
import { newPaymentId, RAZORPAY_ENV, type RazorpayStandIn, razorpayCheckout } from '../support/razorpay-stand-in.js';
import { keptNotices } from '../support/notices.js';
import { receiptsOf } from '../support/receipts.js';
import { razorpayTestApp, type TestApp } from '../support/test-app.js';

// The reconciliation (src/server/modules/payments/reconcile.ts): an order Razorpay captured whose
// webhook never came gets its ticket once the order is old enough to be asked about.

let t: TestApp;
let standIn: RazorpayStandIn;
let draft: Draft;
const lines: string[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });

beforeAll(async () => {
  ({ t, standIn } = await razorpayTestApp());
  draft = await serviceDraft(t);
});
afterAll(() => t?.close());
beforeEach(() => {
  standIn.reset();
  standIn.payments.clear();
  lines.length = 0;
});

const notices = () => keptNotices(t);

const provider = () =>
  createRazorpayProvider({
    keyId: RAZORPAY_ENV.RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_ENV.RAZORPAY_KEY_SECRET,
    webhookSecret: RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET,
    apiBaseUrl: standIn.url,
  });

/** An order opened, its last activity `minutesAgo` minutes ago. */
async function orderOpened(minutesAgo: number) {
  const s = await signUp(t);
  const order = await openBookingOrder(t, s, draft);
  await lastActive(order.id, minutesAgo);
  return { s, orderId: order.id };
}

const lastActive = (orderId: string, minutesAgo: number) =>
  t.database.db
    .update(payments)
    .set({ updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(payments.orderId, orderId));

const askedAbout = (orderId: string) => standIn.requests.filter((r) => r.path === `/v1/orders/${orderId}/payments`);

const captured = (amount = 9900, currency = 'INR') => ({
  id: newPaymentId(),
  amount,
  currency,
  status: 'captured' as const,
});

describe('reconcileOrders', () => {
  it('receipts and records a payment it finds at the time the customer paid', async () => {
    const { s, orderId } = await orderOpened(60);
    const paid = Math.floor(Date.now() / 1000) - 55 * 60;
    standIn.payments.set(orderId, [{ ...captured(), created_at: paid }]);
    await reconcileOrders(t.database.db, provider(), notices(), log);
    const [ticket] = await ticketRowsOfOrder(t, orderId);
    const [receipt] = await receiptsOf(t, s, ticket!.id);
    expect(receipt!.paidAt).toBe(new Date(paid * 1000).toISOString());
    expect((await paymentRow(t, orderId))!.paidAt!.toISOString()).toBe(new Date(paid * 1000).toISOString());
  });

  it('reaches every unpaid order in turn, however many checkouts were abandoned before it', async () => {
    const owner = await signUp(t);
    const abandoned = Array.from({ length: RECONCILE.batch + 5 }, (_, i) => `order_abandoned_${Date.now()}_${i}`);
    await t.database.db.insert(payments).values(
      abandoned.map((orderId, i) => ({
        orderId,
        kind: 'booking' as const,
        userId: owner.user.id,
        amount: 9900,
        currency: 'INR',
        receipt: `rf_bk_${i}`,
        updatedAt: new Date(Date.now() - 2 * 24 * 60 * 60_000),
      })),
    );
    const { orderId } = await orderOpened(60);
    standIn.payments.set(orderId, [captured()]);

    // The abandoned orders are older, but each look asks first about those not asked before.
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect((await paymentRow(t, orderId))?.status).toBe('created');
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect((await paymentRow(t, orderId))?.status).toBe('captured');
    for (const id of abandoned) expect(askedAbout(id).length, id).toBeGreaterThanOrEqual(1);
    // Out of the window for the tests that follow.
    await t.database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 2 * RECONCILE.lookBackMs) })
      .where(inArray(payments.orderId, abandoned));
  });

  it('two instances looking at once ask about different orders', async () => {
    const a = await orderOpened(25);
    const b = await orderOpened(26);
    await Promise.all([
      reconcileOrders(t.database.db, provider(), notices(), log),
      reconcileOrders(t.database.db, provider(), notices(), log),
    ]);
    expect(askedAbout(a.orderId)).toHaveLength(1);
    expect(askedAbout(b.orderId)).toHaveLength(1);
  });

  it('an old in-progress order offered again is asked about again once it is paid', async () => {
    const s = await signUp(t);
    const booking = await openBookingOrder(t, s, draft);
    await verify(t, s, razorpayCheckout(booking.id));
    const [ticket] = await ticketRowsOfOrder(t, booking.id);
    await inProgressWith(t, ticket!.id);
    const open = async () =>
      ((await post(t, '/order-inprogress', { ticketId: ticket!.id }, s.headers)).json() as { id: string }).id;
    const orderId = await open();
    await lastActive(orderId, 5 * 24 * 60); // opened five days ago, never paid
    expect(await open()).toBe(orderId); // the customer comes back to pay it
    standIn.payments.set(orderId, [captured(29900)]);

    await reconcileOrders(t.database.db, provider(), notices(), log, {
      now: new Date(Date.now() + RECONCILE.graceMs + 60_000),
    });
    expect((await paymentRow(t, orderId))?.status).toBe('captured');
  });

  it('settles an old enough order Razorpay captured: its one ticket, the event via "reconcile", a warning', async () => {
    const { orderId } = await orderOpened(20);
    const payment = captured();
    standIn.payments.set(orderId, [{ ...captured(), status: 'failed' }, payment]);

    const result = await reconcileOrders(t.database.db, provider(), notices(), log);
    expect(result.settled).toBe(1);
    expect(await paymentRow(t, orderId)).toMatchObject({ status: 'captured', providerPaymentId: payment.id });
    expect(await ticketRowsOfOrder(t, orderId)).toHaveLength(1);
    const event = (await eventsOfOrder(t, orderId)).find((e) => e.kind === 'payment_captured');
    expect(event?.detail).toMatchObject({ paymentId: payment.id, via: 'reconcile' });
    expect(lines.some((l) => l.includes('webhook had not reported') && l.includes(orderId))).toBe(true);

    // A later look (another instance, the next interval) asks no more about it and changes nothing.
    standIn.reset();
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect(askedAbout(orderId)).toEqual([]);
    expect(await ticketRowsOfOrder(t, orderId)).toHaveLength(1);
  });

  it('leaves alone an order younger than the grace period, and one older than the look-back', async () => {
    const young = await orderOpened(RECONCILE.graceMs / 60_000 - 2);
    const old = await orderOpened(RECONCILE.lookBackMs / 60_000 + 5);
    standIn.payments.set(young.orderId, [captured()]);
    standIn.payments.set(old.orderId, [captured()]);
    await reconcileOrders(t.database.db, provider(), notices(), log);
    const asked = standIn.requests.map((r) => r.path);
    expect(asked.some((p) => p.includes(young.orderId) || p.includes(old.orderId))).toBe(false);
    expect((await paymentRow(t, young.orderId))?.status).toBe('created');
    expect((await paymentRow(t, old.orderId))?.status).toBe('created');
  });

  it('changes nothing for an order with no captured payment', async () => {
    const { orderId } = await orderOpened(30);
    standIn.payments.set(orderId, [
      { ...captured(), status: 'failed' },
      { ...captured(), status: 'authorized' },
    ]);
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect((await paymentRow(t, orderId))?.status).toBe('created');
    expect(await ticketRowsOfOrder(t, orderId)).toEqual([]);
  });

  it('records a capture for the wrong amount as a mismatch and pays nothing', async () => {
    const { orderId } = await orderOpened(30);
    const wrong = captured(100);
    standIn.payments.set(orderId, [wrong]);
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect((await paymentRow(t, orderId))?.status).toBe('created');
    expect((await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_mismatch')).toHaveLength(1);
    // Looked at again: recorded once.
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect((await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_mismatch')).toHaveLength(1);
  });

  it('when Razorpay does not answer, logs it, goes on with the other orders and asks again next time', async () => {
    const { orderId } = await orderOpened(40);
    standIn.payments.set(orderId, [captured()]);
    standIn.mode = 'error';
    const failed = await reconcileOrders(t.database.db, provider(), notices(), log);
    expect(failed.unanswered).toBeGreaterThanOrEqual(1);
    expect(lines.some((l) => l.includes('did not answer') && l.includes('HTTP 500'))).toBe(true);
    expect((await paymentRow(t, orderId))?.status).toBe('created');
    standIn.mode = 'ok';
    // Not asked again in the same round (another instance looking now skips it) ...
    await reconcileOrders(t.database.db, provider(), notices(), log);
    expect((await paymentRow(t, orderId))?.status).toBe('created');
    // ... but in the next one.
    await reconcileOrders(t.database.db, provider(), notices(), log, { now: new Date(Date.now() + RECONCILE.everyMs) });
    expect((await paymentRow(t, orderId))?.status).toBe('captured');
  });

  it('the test provider has nothing to ask about', async () => {
    const { orderId } = await orderOpened(30);
    const result = await reconcileOrders(t.database.db, createTestProvider('seed'), notices(), log);
    expect(result.settled).toBe(0);
    expect((await paymentRow(t, orderId))?.status).toBe('created');
  });
});

describe('the reconciliation job (payments/jobs.ts)', () => {
  const context = { id: 'job', log, stopping: () => false };

  it('is scheduled every RECONCILE.everyMs on Razorpay, once for all instances, and not with the test provider', async () => {
    expect(RECONCILE.everyMs).toBe(10 * 60_000);
    const [razorpay] = paymentJobs({ db: t.database.db, provider: provider(), notices: notices() });
    expect(razorpay).toMatchObject({ name: 'payments.reconcile', cron: '*/10 * * * *' });
    expect(
      paymentJobs({ db: t.database.db, provider: createTestProvider('seed'), notices: notices() })[0]?.cron,
    ).toBeNull();
    // The app on Razorpay keeps that schedule in the queue (pg-boss sends each slot's job once).
    const { rows } = (await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = 'payments.reconcile'`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);
  });

  it('settles what Razorpay captured, as reconcileOrders does, and stops between orders when told', async () => {
    const [job] = paymentJobs({ db: t.database.db, provider: provider(), notices: notices() });
    const paid = await orderOpened(30);
    standIn.payments.set(paid.orderId, [captured()]);
    expect(await job!.handler({}, context)).toMatchObject({ settled: 1 });
    expect((await paymentRow(t, paid.orderId))?.status).toBe('captured');

    // The queue is stopping (the process shuts down): the round ends before its next order.
    const left = await orderOpened(30);
    standIn.payments.set(left.orderId, [captured()]);
    expect(await job!.handler({}, { ...context, stopping: () => true })).toEqual({
      checked: 0,
      settled: 0,
      unanswered: 0,
    });
    expect((await paymentRow(t, left.orderId))?.status).toBe('created');
  });
});
