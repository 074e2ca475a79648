import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, signUp } from '../support/api.js';
import { cspDirectives } from '../support/csp.js';
import {
  type Draft,
  draftBody,
  eventsOfOrder,
  get,
  inProgressWith,
  listTickets,
  openBookingOrder,
  paymentRow,
  paymentStatusOf,
  post,
  serviceDraft,
  ticketRowsOfOrder,
  ticketRowsOfUser,
  verify,
} from '../support/booking.js';
import {
  newPaymentId,
  RAZORPAY_ENV,
  type RazorpayStandIn,
  razorpayCheckout,
  razorpayRefund,
  razorpayWebhook,
  sendWebhook,
  startRazorpayStandIn,
} from '../support/razorpay-stand-in.js';
import { receiptsOf } from '../support/receipts.js';
import { createTestApp, razorpayTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let standIn: RazorpayStandIn;
let draft: Draft;

beforeAll(async () => {
  ({ t, standIn } = await razorpayTestApp());
  draft = await serviceDraft(t);
});
afterAll(() => t?.close());
beforeEach(() => standIn.reset());

const sendHook = (hook: Parameters<typeof sendWebhook>[1]) => sendWebhook(t.app, hook);

describe('POST /order through the Razorpay Orders API', () => {
  it("sends the server's fee, INR, the server's receipt and the token's user to Razorpay", async () => {
    const s = await signUp(t);
    const intruder = randomUUID();
    const res = await post(
      t,
      '/order',
      {
        amount: 9900,
        currency: 'INR',
        receipt: 'client_receipt',
        notes: { userId: intruder, userEmail: 'other@example.com' },
        ...draftBody(draft),
      },
      s.headers,
    );
    expect(res.statusCode).toBe(201);
    const order = res.json() as { id: string; amount: number; currency: string; keyId: string };

    const calls = standIn.orderRequests();
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.authorized).toBe(true);
    const sent = call.body as {
      amount: number;
      currency: string;
      receipt: string;
      notes: Record<string, unknown>;
    };
    expect(sent.amount).toBe(9900);
    expect(sent.currency).toBe('INR');
    expect(sent.receipt).not.toBe('client_receipt');
    expect(sent.receipt).toMatch(/^rf_bk_/);
    expect(sent.notes.userId).toBe(s.user.id);
    expect(sent.notes.userEmail).toBe(s.user.email);
    expect(JSON.stringify(sent)).not.toContain(intruder);
    // Captured by Razorpay itself whatever the account's capture setting: a payment /verify accepts
    // is never left authorized (and refunded by Razorpay after days) while the app counts it paid.
    expect((sent as { payment?: unknown }).payment).toEqual({
      capture: 'automatic',
      capture_options: { automatic_expiry_period: 60, manual_expiry_period: 60, refund_speed: 'normal' },
    });

    // The answer is Razorpay's order, with the public key id the widget opens with.
    expect(standIn.orders.has(order.id)).toBe(true);
    expect(order).toEqual({
      id: order.id,
      amount: 9900,
      currency: 'INR',
      keyId: RAZORPAY_ENV.RAZORPAY_KEY_ID,
    });
    expect(await paymentRow(t, order.id)).toMatchObject({
      userId: s.user.id,
      amount: 9900,
      currency: 'INR',
      receipt: sent.receipt,
      status: 'created',
    });
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
  });

  it('sends only the fee even when the client asks for a different amount (refused before calling Razorpay)', async () => {
    const s = await signUp(t);
    expectError(await post(t, '/order', { amount: 100, currency: 'INR', ...draftBody(draft) }, s.headers), 400);
    expect(standIn.orderRequests()).toEqual([]);
  });

  it.each(['error', 'reset'] as const)(
    'answers 502 "Failed to create payment order" when Razorpay fails (%s)',
    async (mode) => {
      const s = await signUp(t);
      standIn.mode = mode;
      const res = await post(t, '/order', { amount: 9900, currency: 'INR', ...draftBody(draft) }, s.headers);
      expectError(res, 502, 'Failed to create payment order');
      expect(standIn.orderRequests()).toHaveLength(1);
      expect(await t.database.db.select().from(payments).where(eq(payments.userId, s.user.id))).toEqual([]);
    },
  );

  it('answers 502 "Failed to create payment order" when Razorpay does not answer at all', async () => {
    const s = await signUp(t);
    standIn.mode = 'hang';
    const res = await post(t, '/order', { amount: 9900, currency: 'INR', ...draftBody(draft) }, s.headers);
    expectError(res, 502, 'Failed to create payment order');
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, s.user.id))).toEqual([]);
  }, 30_000);

  it('answers 502 when Razorpay refuses the keys', async () => {
    const other = await startRazorpayStandIn({
      keyId: 'rzp_test_x',
      keySecret: 'a-different-secret',
    });
    const app = await createTestApp({ ...RAZORPAY_ENV }, { razorpayApiUrl: other.url });
    try {
      const s = await signUp(app);
      const d = await serviceDraft(app);
      expectError(await post(app, '/order', draftBody(d), s.headers), 502, 'Failed to create payment order');
      expect(other.orderRequests().map((r) => r.authorized)).toEqual([false]);
    } finally {
      await app.close();
      await other.close();
    }
  });
});

describe('POST /verify with Razorpay', () => {
  it('accepts a correct HMAC-SHA256(order_id|payment_id) signature and answers the ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await verify(t, s, razorpayCheckout(order.id));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; ticket: Ticket };
    expect(body.status).toBe('success');
    expect(body.ticket).toMatchObject({
      status: 'pending',
      service: `${draft.main.name} › ${draft.sub.name}`,
      engineer: null,
    });
    expect((await ticketRowsOfOrder(t, order.id)).map((r) => r.id)).toEqual([body.ticket.id]);
    expect(await paymentStatusOf(t, s, order.id)).toBe('verified');
  });

  it('refuses a wrong signature with 400 and makes no ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    // Signed with the webhook secret, with a guessed secret, or for other ids.
    for (const answer of [
      razorpayCheckout(order.id, RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET),
      razorpayCheckout(order.id, 'guessed'),
      { ...razorpayCheckout(order.id), razorpay_payment_id: 'pay_other' },
      { ...razorpayCheckout('order_other'), razorpay_order_id: order.id },
    ]) {
      expectError(await verify(t, s, answer), 400, 'Payment verification failed');
    }
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
  });
});

describe('POST /webhooks/razorpay', () => {
  it('refuses a wrong or missing X-Razorpay-Signature with 400 and changes nothing', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const good = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 });
    const signedElsewhere = razorpayWebhook(
      'payment.captured',
      { orderId: order.id, amount: 9900 },
      'not-the-webhook-secret',
    );
    const { 'x-razorpay-signature': _sig, ...unsigned } = good.headers;
    const attempts = [
      { payload: good.payload, headers: unsigned },
      {
        payload: good.payload,
        headers: {
          ...good.headers,
          'x-razorpay-signature': signedElsewhere.headers['x-razorpay-signature'],
        },
      },
      { payload: good.payload, headers: { ...good.headers, 'x-razorpay-signature': '' } },
      { payload: good.payload, headers: { ...good.headers, 'x-razorpay-signature': 'zz' } },
      // Signed with the key secret instead of the webhook secret.
      razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 }, RAZORPAY_ENV.RAZORPAY_KEY_SECRET),
      // The body changed after signing (same JSON, other bytes).
      { payload: `${good.payload} `, headers: good.headers },
      { payload: JSON.stringify(JSON.parse(good.payload), null, 2), headers: good.headers },
    ];
    for (const a of attempts) expectError(await sendHook(a), 400);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
  });

  it('payment.captured with a valid signature makes the ticket and the status captured', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
    const rows = await ticketRowsOfOrder(t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(s.user.id);
    expect((await listTickets(t, s)).tickets.map((x) => x.id)).toEqual([rows[0]!.id]);
    const captured = (await eventsOfOrder(t, order.id)).find((e) => e.kind === 'payment_captured');
    expect(captured).toMatchObject({ actorId: null, ticketId: rows[0]!.id });

    // The page's later /verify and POST /api/tickets find the same ticket.
    const verified = await verify(t, s, razorpayCheckout(order.id));
    expect((verified.json() as { ticket: Ticket }).ticket.id).toBe(rows[0]!.id);
    const again = await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { ticket: Ticket }).ticket.id).toBe(rows[0]!.id);
    expect(await ticketRowsOfUser(t, s.user.id)).toHaveLength(1);
  });

  it('payment.failed marks the order failed and makes no ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await sendHook(razorpayWebhook('payment.failed', { orderId: order.id, amount: 9900 }));
    expect(res.statusCode).toBe(200);
    expect(await paymentStatusOf(t, s, order.id)).toBe('failed');
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
    expect((await eventsOfOrder(t, order.id)).map((e) => e.kind)).toEqual(['payment_created', 'payment_failed']);
  });

  describe('refund.processed (a refund made in the Razorpay Dashboard)', () => {
    it('is kept in the order’s trail once, however often it is delivered; the payment and its receipt stand', async () => {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      const paymentId = newPaymentId();
      await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900, paymentId }));
      const refund = razorpayRefund({ orderId: order.id, paymentId, amount: 9900, refundId: 'rfnd_standin01' });
      for (let i = 0; i < 2; i++) expect((await sendHook(refund)).statusCode).toBe(200);

      const refunds = (await eventsOfOrder(t, order.id)).filter((e) => e.kind === 'payment_refunded');
      expect(refunds.map((e) => e.detail)).toEqual([
        { kind: 'booking', amount: 9900, refundId: 'rfnd_standin01', paymentId, ofPayment: true },
      ]);
      const [ticket] = await ticketRowsOfOrder(t, order.id);
      expect(refunds[0]!.ticketId).toBe(ticket!.id);
      expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
      expect(await receiptsOf(t, s, ticket!.id)).toHaveLength(1);
    });

    it('names a refund of another payment than the one that paid the order (a duplicate refunded)', async () => {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 }));
      const second = newPaymentId();
      await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900, paymentId: second }));
      expect((await sendHook(razorpayRefund({ orderId: order.id, paymentId: second, amount: 9900 }))).statusCode).toBe(
        200,
      );
      const refund = (await eventsOfOrder(t, order.id)).find((e) => e.kind === 'payment_refunded');
      expect(refund!.detail).toMatchObject({ paymentId: second, ofPayment: false });
    });

    it('keeps Razorpay’s own refund of a payment never captured when that payment booked the ticket', async () => {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      const checkout = razorpayCheckout(order.id);
      expect((await verify(t, s, checkout)).statusCode).toBe(200);
      const paymentId = checkout.razorpay_payment_id;
      const refund = razorpayRefund({ orderId: order.id, paymentId, amount: 9900, captured: false });
      expect((await sendHook(refund)).statusCode).toBe(200);
      const refunded = (await eventsOfOrder(t, order.id)).find((e) => e.kind === 'payment_refunded');
      expect(refunded!.detail).toMatchObject({ paymentId, ofPayment: true });
    });

    it('leaves out Razorpay’s own refunds of other payments never captured, and orders it did not make', async () => {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      const uncaptured = razorpayRefund({
        orderId: order.id,
        paymentId: newPaymentId(),
        amount: 9900,
        captured: false,
      });
      expect((await sendHook(uncaptured)).statusCode).toBe(200);
      const unknown = razorpayRefund({ orderId: 'order_not_ours', paymentId: newPaymentId(), amount: 9900 });
      expect((await sendHook(unknown)).statusCode).toBe(200);
      expect((await eventsOfOrder(t, order.id)).map((e) => e.kind)).toEqual(['payment_created']);
    });
  });

  describe('a capture delivered late (Razorpay retries a webhook for a day)', () => {
    it('is receipted, reported and recorded at the time the customer paid', async () => {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      const paid = Math.floor(Date.now() / 1000) - 6 * 3600;
      const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900, createdAt: paid });
      expect((await sendHook(hook)).statusCode).toBe(200);
      const [ticket] = await ticketRowsOfOrder(t, order.id);
      const [receipt] = await receiptsOf(t, s, ticket!.id);
      expect(receipt!.paidAt).toBe(new Date(paid * 1000).toISOString());
      const captured = (await eventsOfOrder(t, order.id)).find((e) => e.kind === 'payment_captured');
      expect(captured!.createdAt.toISOString()).toBe(new Date(paid * 1000).toISOString());
      // The reports count its revenue on that day.
      expect((await paymentRow(t, order.id))!.paidAt!.toISOString()).toBe(new Date(paid * 1000).toISOString());
    });

    it('takes its receipt number from the financial year it was paid in', async () => {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      // Paid at 23:50 India time on 31 March 2026, delivered in the next financial year.
      const paid = Date.parse('2026-03-31T18:20:00Z') / 1000;
      const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900, createdAt: paid });
      expect((await sendHook(hook)).statusCode).toBe(200);
      const [ticket] = await ticketRowsOfOrder(t, order.id);
      const [receipt] = await receiptsOf(t, s, ticket!.id);
      expect(receipt!.number).toMatch(/^RF\/2025-26\//);
    });
  });

  describe('payment.failed for an in-progress fee offered again', () => {
    /** A booked ticket in progress with an engineer, its ₹299 order failed once and offered again. */
    async function feeOfferedAgain() {
      const s = await signUp(t);
      const booking = await openBookingOrder(t, s, draft);
      await sendHook(razorpayWebhook('payment.captured', { orderId: booking.id, amount: 9900 }));
      const [ticket] = await ticketRowsOfOrder(t, booking.id);
      await inProgressWith(t, ticket!.id);
      const fee = (await post(t, '/order-inprogress', { ticketId: ticket!.id }, s.headers)).json() as { id: string };
      const failed = razorpayWebhook('payment.failed', {
        orderId: fee.id,
        amount: 29900,
        createdAt: Math.floor(Date.now() / 1000) - 120,
      });
      expect((await sendHook(failed)).statusCode).toBe(200);
      expect(await paymentStatusOf(t, s, fee.id)).toBe('failed');
      const again = (await post(t, '/order-inprogress', { ticketId: ticket!.id }, s.headers)).json() as { id: string };
      expect(again.id).toBe(fee.id);
      expect(await paymentStatusOf(t, s, fee.id)).toBe('created');
      return { s, orderId: fee.id, failed };
    }

    it('leaves the order waiting when the failure it recorded is delivered again (Razorpay delivers at least once)', async () => {
      const { s, orderId, failed } = await feeOfferedAgain();
      expect((await sendHook(failed)).statusCode).toBe(200);
      expect(await paymentStatusOf(t, s, orderId)).toBe('created');
      expect((await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_failed')).toHaveLength(1);
    });

    it('leaves the order waiting when an attempt begun before it was offered again fails late', async () => {
      const { s, orderId } = await feeOfferedAgain();
      const earlier = Math.floor(Date.now() / 1000) - 60;
      const late = razorpayWebhook('payment.failed', { orderId, amount: 29900, createdAt: earlier });
      expect((await sendHook(late)).statusCode).toBe(200);
      expect(await paymentStatusOf(t, s, orderId)).toBe('created');
    });

    it('fails the order again when the new attempt fails', async () => {
      const { s, orderId } = await feeOfferedAgain();
      expect((await sendHook(razorpayWebhook('payment.failed', { orderId, amount: 29900 }))).statusCode).toBe(200);
      expect(await paymentStatusOf(t, s, orderId)).toBe('failed');
      expect((await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_failed')).toHaveLength(2);
    });
  });

  it('acknowledges a webhook for an unknown order with 200 and ignores it', async () => {
    const before = await t.database.db.select().from(payments);
    const res = await sendHook(razorpayWebhook('payment.captured', { orderId: 'order_not_ours', amount: 9900 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.database.db.select().from(payments)).toEqual(before);
  });

  it('answers 400, not 5xx, to a signed body that is not a payment event', async () => {
    for (const body of ['not json', '[]', '{"event":"payment.captured"}', '{"event":1,"payload":{}}']) {
      const sig = createHmac('sha256', RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET).update(body).digest('hex');
      const res = await sendHook({
        payload: body,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 400, not 5xx, to a signed payment whose ids or currency hold characters no database takes', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const signed = (entity: Record<string, unknown>, event = 'payment.captured') => {
      const body = JSON.stringify({
        event,
        payload: {
          payment: { entity: { id: 'pay_x1', order_id: order.id, amount: 9900, currency: 'INR', ...entity } },
        },
      });
      const sig = createHmac('sha256', RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET).update(body).digest('hex');
      return { payload: body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig } };
    };
    for (const value of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'x'.repeat(1000)]) {
      for (const field of ['id', 'currency']) {
        const res = await sendHook(signed({ [field]: value }));
        expect(res.statusCode, `${field} ${JSON.stringify(value)}: ${res.body}`).toBe(400);
      }
    }
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    // A failure's reason is Razorpay's words, kept without what the database refuses.
    const failed = await sendHook(signed({ error_description: 'Bank\u0000 declined \ud800' }, 'payment.failed'));
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await paymentStatusOf(t, s, order.id)).toBe('failed');
    const event = (await eventsOfOrder(t, order.id)).find((e) => e.kind === 'payment_failed');
    expect((event!.detail as { reason: string }).reason).toBe('Bank\ufffd declined \ufffd');
  });
});

describe("the pages' Content-Security-Policy under Razorpay", () => {
  it("allows what Razorpay's checkout loads (its script and risk check, frames, images, telemetry) and no inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const d = cspDirectives(res);
    expect(d.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://cdn.razorpay.com']);
    expect(d.get('frame-src')).toEqual(['https://checkout.razorpay.com', 'https://api.razorpay.com']);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.razorpay.com']);
    expect(d.get('connect-src')).toEqual([
      "'self'",
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://lumberjack-metrics.razorpay.com',
    ]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('the test provider under Razorpay', () => {
  it('has no /test-checkout route (404)', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, s.headers), 404);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }), 404);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    expect((await get(t, `/payment-status/${order.id}`, s.headers)).statusCode).toBe(200);
  });
});
