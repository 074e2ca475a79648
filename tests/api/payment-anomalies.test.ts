import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tickets } from '../../src/server/db/schema/index.js';
import { expectError, type Session, signUp } from '../support/api.js';
import {
  type Draft,
  draftBody,
  eventsOfOrder,
  inProgressWith,
  openBookingOrder,
  paymentRow,
  paymentStatusOf,
  post,
  serviceDraft,
  ticketRowsOfOrder,
  verify,
} from '../support/booking.js';
import {
  newPaymentId,
  RAZORPAY_ENV,
  type RazorpayStandIn,
  razorpayCheckout,
  razorpayWebhook,
  sendWebhook,
} from '../support/razorpay-stand-in.js';
import { razorpayTestApp, type TestApp } from '../support/test-app.js';

// Money the provider took that the app could otherwise lose track of: a second payment on an order
// already paid, a capture for the wrong amount, an order Razorpay could not open. Each is kept in the
// audit trail (the admin's ticket history, the database viewer) and logged as an error for the
// operators; none changes which order is paid or makes a second ticket.

let t: TestApp;
let standIn: RazorpayStandIn;
let draft: Draft;
const log: string[] = [];

beforeAll(async () => {
  ({ t, standIn } = await razorpayTestApp({ logLines: log }));
  draft = await serviceDraft(t);
});
afterAll(() => t?.close());
beforeEach(() => {
  standIn.reset();
  log.length = 0;
});

const sendHook = (hook: Parameters<typeof sendWebhook>[1]) => sendWebhook(t.app, hook);

const logged = () => log.map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string });

async function capturedBooking(s: Session) {
  const order = await openBookingOrder(t, s, draft);
  const first = newPaymentId();
  const res = await sendHook(
    razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900, paymentId: first }),
  );
  expect(res.statusCode).toBe(200);
  return { orderId: order.id, first };
}

describe('a second payment on an order already paid', () => {
  it('is recorded as a payment_duplicate event and logged; the order, its payment id and its one ticket stay', async () => {
    const s = await signUp(t);
    const { orderId, first } = await capturedBooking(s);
    const second = newPaymentId();
    const res = await sendHook(razorpayWebhook('payment.captured', { orderId, amount: 9900, paymentId: second }));
    expect(res.statusCode).toBe(200);

    expect(await paymentRow(t, orderId)).toMatchObject({ status: 'captured', providerPaymentId: first });
    const [ticket] = await ticketRowsOfOrder(t, orderId);
    expect(await ticketRowsOfOrder(t, orderId)).toHaveLength(1);
    const duplicate = (await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_duplicate');
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]).toMatchObject({
      ticketId: ticket!.id,
      actorId: null,
      detail: { kind: 'booking', amount: 9900, paymentId: second, paidWith: first, via: 'webhook' },
    });
    const errors = logged().filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    // The name the runbook says to watch the log for, as the order's trail names it.
    expect(errors[0]).toMatchObject({ event: 'payment_duplicate', orderId, paymentId: second, paidWith: first });
    expect(errors[0]!.msg).toMatch(/second payment/i);

    // Razorpay delivers again: still one record of it.
    await sendHook(razorpayWebhook('payment.captured', { orderId, amount: 9900, paymentId: second }));
    expect((await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_duplicate')).toHaveLength(1);
  });

  it("a checkout answer for another payment keeps the first payment's id and is recorded the same way", async () => {
    const s = await signUp(t);
    const { orderId, first } = await capturedBooking(s);
    const other = razorpayCheckout(orderId);
    const res = await verify(t, s, other);
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(t, orderId)).toMatchObject({ status: 'captured', providerPaymentId: first });
    const duplicate = (await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_duplicate');
    expect(duplicate.map((e) => e.detail)).toEqual([
      { kind: 'booking', amount: 9900, paymentId: other.razorpay_payment_id, paidWith: first, via: 'verify' },
    ]);
    expect(await ticketRowsOfOrder(t, orderId)).toHaveLength(1);
  });

  it('the same payment confirmed by the webhook and then the checkout is no duplicate', async () => {
    const s = await signUp(t);
    const { orderId, first } = await capturedBooking(s);
    const res = await verify(t, s, razorpayCheckout(orderId, RAZORPAY_ENV.RAZORPAY_KEY_SECRET, first));
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(t, orderId)).toMatchObject({ status: 'verified', providerPaymentId: first });
    expect((await eventsOfOrder(t, orderId)).map((e) => e.kind)).not.toContain('payment_duplicate');
    expect(logged().filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('a capture that does not match its order', () => {
  it('is recorded as a payment_mismatch event and logged, and pays nothing', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const paymentId = newPaymentId();
    const res = await sendHook(
      razorpayWebhook('payment.captured', { orderId: order.id, amount: 100, currency: 'INR', paymentId }),
    );
    expect(res.statusCode).toBe(200);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
    const mismatch = (await eventsOfOrder(t, order.id)).filter((e) => e.kind === 'payment_mismatch');
    expect(mismatch.map((e) => e.detail)).toEqual([
      { kind: 'booking', amount: 100, currency: 'INR', expectedAmount: 9900, expectedCurrency: 'INR', paymentId },
    ]);
    const errors = logged().filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ event: 'payment_mismatch', orderId: order.id, paymentId, amount: 100 });
  });
});

describe('deliveries of one payment arriving together', () => {
  it('record a capture for the wrong amount once', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const paymentId = newPaymentId();
    const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 100, paymentId });
    const answers = await Promise.all([sendHook(hook), sendHook(hook), sendHook(hook), sendHook(hook)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await eventsOfOrder(t, order.id)).filter((e) => e.kind === 'payment_mismatch')).toHaveLength(1);
    expect(logged().filter((l) => l.level >= 50)).toHaveLength(1);
  });

  it('record a second payment once', async () => {
    const s = await signUp(t);
    const { orderId } = await capturedBooking(s);
    const hook = razorpayWebhook('payment.captured', { orderId, amount: 9900, paymentId: newPaymentId() });
    await Promise.all([sendHook(hook), sendHook(hook), sendHook(hook), sendHook(hook)]);
    expect((await eventsOfOrder(t, orderId)).filter((e) => e.kind === 'payment_duplicate')).toHaveLength(1);
  });
});

describe('what the operators are told', () => {
  it('logs why Razorpay refused an order (its status and code, no secret) beside the 502', async () => {
    const s = await signUp(t);
    standIn.mode = 'error';
    expectError(await post(t, '/order', draftBody(draft), s.headers), 502, 'Failed to create payment order');
    const entry = logged().find((l) => l.level >= 50 && /payment order/i.test(l.msg));
    expect(entry).toBeDefined();
    expect(String(entry!.provider)).toMatch(/HTTP 5\d\d/);
    const text = log.join('\n');
    for (const secret of [RAZORPAY_ENV.RAZORPAY_KEY_SECRET, RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs that Razorpay could not be reached', async () => {
    const s = await signUp(t);
    standIn.mode = 'reset';
    expectError(await post(t, '/order', draftBody(draft), s.headers), 502, 'Failed to create payment order');
    const entry = logged().find((l) => l.level >= 50 && /payment order/i.test(l.msg));
    expect(String(entry?.provider)).toMatch(/no answer/i);
  });

  it('warns of a webhook with a bad signature (a wrong RAZORPAY_WEBHOOK_SECRET fails every delivery)', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 }, 'another-secret');
    expectError(await sendHook(hook), 400, 'Invalid webhook signature');
    const warnings = logged().filter((l) => l.level === 40 && /webhook signature/i.test(l.msg));
    expect(warnings).toHaveLength(1);
    expect(log.join('\n')).not.toContain(hook.headers['x-razorpay-signature']);
    // A flood of them (the endpoint is public) warns at most once a minute.
    for (let i = 0; i < 5; i++) expectError(await sendHook(hook), 400, 'Invalid webhook signature');
    expect(logged().filter((l) => l.level === 40 && /webhook signature/i.test(l.msg))).toHaveLength(1);
  });
});

describe('signatures', () => {
  it('accept exactly the 64 lowercase hex digits of the HMAC, nothing longer or in other case', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const answer = razorpayCheckout(order.id);
    for (const signature of [
      `${answer.razorpay_signature}0`,
      `${answer.razorpay_signature}f`,
      answer.razorpay_signature.toUpperCase(),
      answer.razorpay_signature.slice(0, 63),
    ]) {
      expectError(await verify(t, s, { ...answer, razorpay_signature: signature }), 400, 'Payment verification failed');
    }
    const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 });
    for (const signature of [
      `${hook.headers['x-razorpay-signature']}f`,
      hook.headers['x-razorpay-signature'].toUpperCase(),
    ]) {
      expectError(await sendHook({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': signature } }), 400);
    }
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    expect((await verify(t, s, answer)).statusCode).toBe(200);
  });
});

describe('the in-progress fee captured after the ticket left "in progress"', () => {
  it('is kept as paid and its ticket history says so', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    await verify(t, s, razorpayCheckout(order.id));
    const [ticket] = await ticketRowsOfOrder(t, order.id);
    await inProgressWith(t, ticket!.id);
    const opened = await post(t, '/order-inprogress', { ticketId: ticket!.id }, s.headers);
    expect(opened.statusCode).toBe(201);
    const orderId = (opened.json() as { id: string }).id;
    await t.database.db
      .update(tickets)
      .set({ status: 'completed', remarks: 'Fixed', completedAt: new Date() })
      .where(eq(tickets.id, ticket!.id));

    const res = await verify(t, s, razorpayCheckout(orderId));
    expect(res.statusCode).toBe(200);
    expect(await paymentStatusOf(t, s, orderId)).toBe('verified');
    const late = (await eventsOfOrder(t, orderId)).find((e) => e.kind === 'payment_verified');
    expect(late?.detail).toMatchObject({ ticketStatus: 'completed' });
    expect(logged().some((l) => l.level >= 40 && /no longer in progress/i.test(l.msg))).toBe(true);
  });
});
