import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, tickets } from '../../src/server/db/schema/index.js';
import { expectError, type Session, signUp } from '../support/api.js';
import {
  bookAndPay,
  type Draft,
  draftBody,
  eventsOfOrder,
  eventsOfTicket,
  get,
  post,
  serviceDraft,
  testCheckoutPay,
  verify,
} from '../support/booking.js';
import { inProgressHelpers } from '../support/inprogress.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let draft: Draft;
/** The engineer every in-progress ticket here is given. */
let engineer: Session;

beforeAll(async () => {
  t = await createTestApp();
  draft = await serviceDraft(t);
  engineer = await signUp(t, { name: 'Ravi Engineer', phone: '+91 90000 11111' }, 'engineer');
});
afterAll(() => t.close());

const { inProgressTicket, orderInProgress, openInProgressOrder, payInProgress } = inProgressHelpers(() => ({
  t,
  draft,
  engineer,
}));

async function inProgressPayments(s: Session) {
  const res = await get(t, '/api/user/inprogress-payments', s.headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as { payments: { ticketId: string; status: string }[] }).payments;
}

describe('POST /order-inprogress', () => {
  it('answers 409 for a ticket that is still pending', async () => {
    const s = await signUp(t);
    const { ticket } = await bookAndPay(t, s, draft);
    expectError(await orderInProgress(s, ticket.id), 409);
  });

  it('answers 409 for a ticket in progress with no engineer assigned, and opens no order (§7.6)', async () => {
    const s = await signUp(t);
    const { ticket } = await bookAndPay(t, s, draft);
    await t.database.db.update(tickets).set({ status: 'in-progress' }).where(eq(tickets.id, ticket.id));
    const res = await orderInProgress(s, ticket.id);
    expectError(res, 409);
    expect((res.json() as { error: string }).error).toMatch(/engineer/i);
    const orders = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(orders).toEqual([]);
  });

  it('answers 409 for a completed ticket', async () => {
    const { customer, ticket } = await inProgressTicket();
    await t.database.db
      .update(tickets)
      .set({ status: 'completed', remarks: 'Done', completedAt: new Date() })
      .where(eq(tickets.id, ticket.id));
    expectError(await orderInProgress(customer, ticket.id), 409);
  });

  it("answers 403 for another customer's ticket", async () => {
    const { ticket } = await inProgressTicket();
    const other = await signUp(t);
    expectError(await orderInProgress(other, ticket.id), 403);
    // Naming yourself as the owner in the body changes nothing.
    expectError(
      await orderInProgress(other, ticket.id, {
        userId: other.user.id,
        notes: { userId: other.user.id, ticketId: ticket.id },
      }),
      403,
    );
    const orders = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(orders).toEqual([]);
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    const s = await signUp(t);
    expectError(await orderInProgress(s, randomUUID()), 404);
    expectError(await orderInProgress(s, 'not-a-uuid'), 400);
    expectError(await post(t, '/order-inprogress', { amount: 29900, currency: 'INR' }, s.headers), 400);
  });

  it.each([9900, 100, 299, 2990000, 0, 29899])(
    'refuses the client amount %j with 400 (the fee is 29900)',
    async (amount) => {
      const { customer, ticket } = await inProgressTicket();
      expectError(await orderInProgress(customer, ticket.id, { amount }), 400);
      expectError(await orderInProgress(customer, ticket.id, { currency: 'USD' }), 400);
    },
  );

  it('answers 401 when anonymous and 403 to the engineer and admin roles', async () => {
    const { ticket } = await inProgressTicket();
    expectError(await post(t, '/order-inprogress', { ticketId: ticket.id }), 401);
    expectError(await orderInProgress(engineer, ticket.id), 403);
    const admin = await signUp(t, {}, 'admin');
    expectError(await orderInProgress(admin, ticket.id), 403);
  });

  it('opens one order however many calls race for it (a double click, two tabs)', async () => {
    const { customer, ticket } = await inProgressTicket();
    const answers = await Promise.all(Array.from({ length: 8 }, () => orderInProgress(customer, ticket.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((r) => (r.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(rows.map((r) => r.orderId)).toEqual([...ids]);
  });

  it('answers 201 with amount 29900, and reuses the open order while it is unpaid', async () => {
    const { customer, ticket } = await inProgressTicket();
    const res = await orderInProgress(customer, ticket.id, {
      userId: randomUUID(),
      notes: { userId: randomUUID(), ticketId: ticket.id },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json() as { id: string; amount: number; currency: string; keyId: string };
    expect(Object.keys(order).sort()).toEqual(['amount', 'currency', 'id', 'keyId']);
    expect(order).toMatchObject({ amount: 29900, currency: 'INR' });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(row).toMatchObject({
      kind: 'inprogress',
      userId: customer.user.id,
      ticketId: ticket.id,
      amount: 29900,
      status: 'created',
    });

    const again = await orderInProgress(customer, ticket.id);
    expect(again.statusCode).toBe(201);
    expect((again.json() as { id: string }).id).toBe(order.id);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress'))),
    ).toHaveLength(1);
    // Unpaid: the list says so.
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'created' }]);
  });

  it('after a failed attempt, the same order is offered again and can be paid: never a second order to pay', async () => {
    // A failure is one attempt, not the order: Razorpay takes another payment on the same order, and
    // a late capture of it must not find a second order paid beside it.
    const { customer, ticket } = await inProgressTicket();
    const first = await openInProgressOrder(customer, ticket.id);
    await post(t, `/test-checkout/${first}`, { outcome: 'failure' }, customer.headers);
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'failed' }]);
    const again = await openInProgressOrder(customer, ticket.id);
    expect(again).toBe(first);
    // Offered again, it waits for a payment: a status read while the next attempt is under way must
    // not report the earlier attempt's failure as the outcome.
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'created' }]);
    expect((await get(t, `/payment-status/${again}`, customer.headers)).json()).toEqual({ status: 'created' });
    expect((await eventsOfOrder(t, first)).map((e) => e.kind)).toEqual([
      'payment_created',
      'payment_failed',
      'payment_created',
    ]);
    await verify(t, customer, await testCheckoutPay(t, customer, again));
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'verified' }]);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(rows.map((r) => [r.orderId, r.status])).toEqual([[first, 'verified']]);
    expectError(await orderInProgress(customer, ticket.id), 409);
  });

  it('once paid, lists the ticket as paid for its owner only, and refuses another order with 409', async () => {
    const { customer, ticket } = await inProgressTicket();
    // Another customer, also in progress, with an open order of their own.
    const { customer: other, ticket: otherTicket } = await inProgressTicket();
    await openInProgressOrder(other, otherTicket.id);

    await payInProgress(customer, ticket.id);
    const mine = await inProgressPayments(customer);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.ticketId).toBe(ticket.id);
    expect(['verified', 'captured']).toContain(mine[0]!.status);
    expect(Object.keys(mine[0]!).sort()).toEqual(['status', 'ticketId']);

    const theirs = await inProgressPayments(other);
    expect(theirs).toEqual([{ ticketId: otherTicket.id, status: 'created' }]);
    expect(JSON.stringify(theirs)).not.toContain(ticket.id);

    expectError(await orderInProgress(customer, ticket.id), 409);
    // A booking payment is never listed as an in-progress one.
    const fresh = await signUp(t);
    await bookAndPay(t, fresh, draft);
    expect(await inProgressPayments(fresh)).toEqual([]);
  });

  it('records the in-progress payment in the ticket history with its actor', async () => {
    const { customer, ticket } = await inProgressTicket();
    const orderId = await payInProgress(customer, ticket.id);
    const events = (await eventsOfTicket(t, ticket.id)).filter((e) => e.orderId === orderId);
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['payment_created', 'payment_captured', 'payment_verified']),
    );
    expect(events.find((e) => e.kind === 'payment_created')).toMatchObject({
      actorId: customer.user.id,
      detail: { kind: 'inprogress', amount: 29900 },
    });
    expect(events.find((e) => e.kind === 'payment_verified')?.actorId).toBe(customer.user.id);
  });

  it('an in-progress order cannot stand in for a booking payment (POST /api/tickets answers 402)', async () => {
    const { customer, ticket } = await inProgressTicket();
    const orderId = await payInProgress(customer, ticket.id);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId }, customer.headers), 402);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.userId, customer.user.id))).toHaveLength(1);
  });
});
