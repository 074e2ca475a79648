import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, signUp } from '../support/api.js';
import {
  type Draft,
  draftBody,
  eventsOfOrder,
  get,
  listTickets,
  openBookingOrder,
  paymentRow,
  paymentStatusOf,
  post,
  serviceDraft,
  testCheckoutPay,
  ticketRowsOfOrder,
  ticketRowsOfUser,
  verify,
} from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The app on the built-in test provider (the embedded default). */
let t: TestApp;
let draft: Draft;

beforeAll(async () => {
  t = await createTestApp();
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

const orderBody = (d: Draft, extra: Record<string, unknown> = {}) => ({
  amount: 9900,
  currency: 'INR',
  ...draftBody(d),
  ...extra,
});

describe('POST /order (booking)', () => {
  it('answers 401 to an anonymous caller', async () => {
    expectError(await post(t, '/order', orderBody(draft)), 401);
    expectError(await post(t, '/order', orderBody(draft), { authorization: 'Bearer not-a-token' }), 401);
  });

  it.each(['engineer', 'admin'] as const)('answers 403 to the %s role (customers only)', async (role) => {
    const s = await signUp(t, {}, role);
    expectError(await post(t, '/order', orderBody(draft), s.headers), 403);
    const count = await t.database.db.select().from(payments).where(eq(payments.userId, s.user.id));
    expect(count).toEqual([]);
  });

  it.each([100, 990000, 0, -9900, 9899, 9901, 9900.5, 29900])(
    'refuses the client amount %j with 400 (the fee is 9900)',
    async (amount) => {
      const s = await signUp(t);
      expectError(await post(t, '/order', orderBody(draft, { amount }), s.headers), 400);
      expect(await t.database.db.select().from(payments).where(eq(payments.userId, s.user.id))).toEqual([]);
    },
  );

  it.each(['USD', 'inr', '', 'EUR'])('refuses the currency %j with 400 (INR only)', async (currency) => {
    const s = await signUp(t);
    expectError(await post(t, '/order', orderBody(draft, { currency }), s.headers), 400);
  });

  it('refuses a sub-service of another main service with 400', async () => {
    const s = await signUp(t);
    const other = await serviceDraft(t, 1);
    expect(other.mainServiceId).not.toBe(draft.mainServiceId);
    expectError(await post(t, '/order', orderBody(draft, { subServiceId: other.subServiceId }), s.headers), 400);
    // A main service given as the sub-service, and an unknown id, are refused too.
    expectError(await post(t, '/order', orderBody(draft, { subServiceId: draft.mainServiceId }), s.headers), 400);
    expectError(await post(t, '/order', orderBody(draft, { mainServiceId: randomUUID() }), s.headers), 400);
    expectError(await post(t, '/order', orderBody(draft, { subServiceId: 'not-a-uuid' }), s.headers), 400);
  });

  it('refuses a missing or blank description with 400', async () => {
    const s = await signUp(t);
    const { description: _omit, ...withoutDescription } = orderBody(draft);
    expectError(await post(t, '/order', withoutDescription, s.headers), 400);
    expectError(await post(t, '/order', orderBody(draft, { description: '   ' }), s.headers), 400);
    expectError(await post(t, '/order', orderBody(draft, { description: 'x'.repeat(2001) }), s.headers), 400);
  });

  it('answers 201 { id, amount: 9900, currency: INR, keyId } and makes no ticket yet', async () => {
    const s = await signUp(t);
    const res = await post(
      t,
      '/order',
      {
        ...orderBody(draft),
        receipt: 'mine',
        notes: { userId: randomUUID(), userEmail: 'x@example.com' },
      },
      s.headers,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['amount', 'currency', 'id', 'keyId']);
    expect(body).toMatchObject({ amount: 9900, currency: 'INR' });
    expect(typeof body.id).toBe('string');
    expect(String(body.keyId).length).toBeGreaterThan(0);

    expect((await listTickets(t, s)).tickets).toEqual([]);
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
    expect(await paymentStatusOf(t, s, String(body.id))).toBe('created');
    // The order belongs to the token's user, whatever the notes said, for the server's fee.
    expect(await paymentRow(t, String(body.id))).toMatchObject({
      userId: s.user.id,
      amount: 9900,
      currency: 'INR',
      kind: 'booking',
      status: 'created',
    });
  });

  it('accepts a body without amount or currency (the server knows the fee)', async () => {
    const s = await signUp(t);
    const res = await post(t, '/order', draftBody(draft), s.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 9900, currency: 'INR' });
  });
});

describe('the test provider checkout (POST /test-checkout/{orderId})', () => {
  it('on success answers the widget fields and the ticket exists at once, exactly once (browser closed after paying)', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, s.headers);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Record<string, string>;
    expect(Object.keys(answer).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(answer.razorpay_order_id).toBe(order.id);

    // The page never calls /verify: the ticket is there anyway.
    const rows = await ticketRowsOfOrder(t, order.id);
    expect(rows).toHaveLength(1);
    const list = (await listTickets(t, s)).tickets;
    expect(list.map((x) => x.id)).toEqual([rows[0]!.id]);
    expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
  });

  it('then /verify with that answer answers 200 { status: success, ticket } with the same ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const answer = await testCheckoutPay(t, s, order.id);
    const [row] = await ticketRowsOfOrder(t, order.id);
    const res = await verify(t, s, answer);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; ticket: Ticket };
    expect(Object.keys(body).sort()).toEqual(['status', 'ticket']);
    expect(body.status).toBe('success');
    expect(body.ticket.id).toBe(row!.id);
    expect(await ticketRowsOfOrder(t, order.id)).toHaveLength(1);
    expect(await paymentStatusOf(t, s, order.id)).toBe('verified');
    // Verifying again changes nothing.
    const again = await verify(t, s, answer);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { ticket: Ticket }).ticket.id).toBe(row!.id);
    expect(await ticketRowsOfUser(t, s.user.id)).toHaveLength(1);
  });

  it('on failure answers { status: failed }, the status is failed and there is no ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'failed' });
    expect(await paymentStatusOf(t, s, order.id)).toBe('failed');
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
    expect((await listTickets(t, s)).tickets).toEqual([]);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers), 402);
  });

  it("answers 403 for another customer's order and changes nothing", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const order = await openBookingOrder(t, owner, draft);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, other.headers), 403);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, other.headers), 403);
    expect(await paymentStatusOf(t, owner, order.id)).toBe('created');
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
  });

  it('answers 409 to a failure or a second payment after a success and keeps the order paid once', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    await testCheckoutPay(t, s, order.id);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, s.headers), 409);
    // Like Razorpay's checkout for an order already paid: no second payment is taken.
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, s.headers), 409);
    expect((await eventsOfOrder(t, order.id)).map((e) => e.kind)).not.toContain('payment_duplicate');
    expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
    expect(await ticketRowsOfOrder(t, order.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown order, 400 for a bad outcome and 401 when anonymous', async () => {
    const s = await signUp(t);
    expectError(await post(t, '/test-checkout/order_test_nope', { outcome: 'success' }, s.headers), 404);
    const order = await openBookingOrder(t, s, draft);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'maybe' }, s.headers), 400);
    expectError(await post(t, `/test-checkout/${order.id}`, {}, s.headers), 400);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }), 401);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
  });
});

describe('GET /payment-status/{orderId}', () => {
  it('answers the owner the status read from the database', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    for (const status of ['failed', 'captured', 'verified', 'created'] as const) {
      await t.database.db.update(payments).set({ status }).where(eq(payments.orderId, order.id));
      const res = await get(t, `/payment-status/${order.id}`, s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status });
    }
  });

  it("answers 403 for another customer's order, 404 for an unknown one and 401 when anonymous", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const order = await openBookingOrder(t, owner, draft);
    expectError(await get(t, `/payment-status/${order.id}`, other.headers), 403);
    expectError(await get(t, '/payment-status/order_test_unknown', owner.headers), 404);
    expectError(await get(t, `/payment-status/${order.id}`), 401);
  });
});
