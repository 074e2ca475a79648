import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import {
  type Draft,
  draftBody,
  eventsOfOrder,
  eventsOfTicket,
  openBookingOrder,
  paymentStatusOf,
  post,
  serviceDraft,
  testProviderSignature,
  ticketRowsOfOrder,
  ticketRowsOfUser,
  verify,
} from '../support/booking.js';
import {
  RAZORPAY_ENV,
  type RazorpayStandIn,
  razorpayCheckout,
  razorpayWebhook,
  sendWebhook,
  startRazorpayStandIn,
} from '../support/razorpay-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The app on the built-in test provider (the embedded default). */
let t: TestApp;
/** The app on Razorpay, its Orders API played by a local stand-in. */
let rz: TestApp;
let standIn: RazorpayStandIn;
let draft: Draft;

beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  [t, rz] = await Promise.all([createTestApp(), createTestApp({ ...RAZORPAY_ENV }, { razorpayApiUrl: standIn.url })]);
  draft = await serviceDraft(t);
});
afterAll(async () => {
  await Promise.all([t?.close(), rz?.close()]);
  await standIn?.close();
});

/** 20 concurrent calls of the given kinds, in a mixed order. */
function mixed<K extends string>(kinds: K[], n = 20): K[] {
  return Array.from({ length: n }, (_, i) => kinds[(i * 7 + 3) % kinds.length]!);
}

async function expectOneTicket(
  app: TestApp,
  s: Session,
  orderId: string,
  answers: { statusCode: number; body: string; kind: string }[],
) {
  const rows = await ticketRowsOfOrder(app, orderId);
  expect(rows).toHaveLength(1);
  const id = rows[0]!.id;
  for (const a of answers) {
    if (a.kind === 'webhook') {
      expect(a.statusCode, a.body).toBe(200);
      continue;
    }
    if (a.kind === 'tickets' && a.statusCode === 402) continue; // came before the payment was confirmed
    expect([200, 201], `${a.kind}: ${a.body}`).toContain(a.statusCode);
    expect((JSON.parse(a.body) as { ticket: Ticket }).ticket.id).toBe(id);
  }
  // At most one call may say it created the ticket.
  expect(answers.filter((a) => a.kind === 'tickets' && a.statusCode === 201).length).toBeLessThanOrEqual(1);
  expect(await ticketRowsOfUser(app, s.user.id)).toHaveLength(1);
  expect((await eventsOfTicket(app, id)).filter((e) => e.kind === 'created')).toHaveLength(1);
}

describe('concurrency', () => {
  it('20 concurrent verify and POST /api/tickets calls make exactly one ticket (test provider)', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      const signed = testProviderSignature(order.id);
      const answers = await Promise.all(
        mixed(['verify', 'tickets'] as const).map(async (kind) => {
          const res =
            kind === 'verify'
              ? await verify(t, s, signed)
              : await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers);
          return { kind, statusCode: res.statusCode, body: res.body };
        }),
      );
      await expectOneTicket(t, s, order.id, answers);
    }
  });

  it('Pay pressed in the test checkout of two tabs at once: one payment, the other told 409, nothing owed back', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, s.headers)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const kinds = (await eventsOfOrder(t, order.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'payment_captured')).toHaveLength(1);
    expect(kinds).not.toContain('payment_duplicate');
    expect(await ticketRowsOfOrder(t, order.id)).toHaveLength(1);
    // Fail pressed after the payment: refused, and the order stays paid.
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, s.headers), 409);
    expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
  });

  it('20 concurrent POST /api/tickets calls on a paid order whose ticket is not made yet make exactly one', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      // Paid, ticket not yet made: the state the three creators race from.
      await t.database.db
        .update(payments)
        .set({ status: 'captured', providerPaymentId: 'pay_x' })
        .where(eq(payments.orderId, order.id));
      const answers = await Promise.all(
        mixed(['tickets', 'verify'] as const).map(async (kind) => {
          const res =
            kind === 'verify'
              ? await verify(t, s, testProviderSignature(order.id))
              : await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers);
          return { kind, statusCode: res.statusCode, body: res.body };
        }),
      );
      expect(answers.every((a) => a.statusCode !== 402)).toBe(true);
      await expectOneTicket(t, s, order.id, answers);
    }
  });

  it('20 concurrent verify, webhook and POST /api/tickets calls make exactly one ticket (Razorpay)', async () => {
    const d = await serviceDraft(rz);
    for (let round = 0; round < 3; round++) {
      const s = await signUp(rz);
      const order = await openBookingOrder(rz, s, d);
      const checkout = razorpayCheckout(order.id);
      const hook = razorpayWebhook('payment.captured', {
        orderId: order.id,
        amount: 9900,
        paymentId: checkout.razorpay_payment_id,
      });
      const answers = await Promise.all(
        mixed(['verify', 'webhook', 'tickets'] as const).map(async (kind) => {
          const res =
            kind === 'verify'
              ? await verify(rz, s, checkout)
              : kind === 'webhook'
                ? await sendWebhook(rz.app, hook)
                : await post(rz, '/api/tickets', { ...draftBody(d), orderId: order.id }, s.headers);
          return { kind, statusCode: res.statusCode, body: res.body };
        }),
      );
      await expectOneTicket(rz, s, order.id, answers);
      expect(['captured', 'verified']).toContain(await paymentStatusOf(rz, s, order.id));
    }
  });
});

describe('the Razorpay webhook', () => {
  const sendHook = (hook: Parameters<typeof sendWebhook>[1]) => sendWebhook(rz.app, hook);

  it('changes nothing when the same delivery is replayed (one ticket, one captured event)', async () => {
    const d = await serviceDraft(rz);
    const s = await signUp(rz);
    const order = await openBookingOrder(rz, s, d);
    const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 });
    for (let i = 0; i < 3; i++) {
      const res = await sendHook(hook);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const rows = await ticketRowsOfOrder(rz, order.id);
    expect(rows).toHaveLength(1);
    const events = await eventsOfOrder(rz, order.id);
    expect(events.filter((e) => e.kind === 'payment_captured')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'created')).toHaveLength(1);
    expect(await paymentStatusOf(rz, s, order.id)).toBe('captured');
    // A late payment.failed for the same order does not un-pay it.
    expect((await sendHook(razorpayWebhook('payment.failed', { orderId: order.id, amount: 9900 }))).statusCode).toBe(
      200,
    );
    expect(await paymentStatusOf(rz, s, order.id)).toBe('captured');
    expect(await ticketRowsOfOrder(rz, order.id)).toHaveLength(1);
  });

  it('does not mark an order paid when the amount or currency does not match the order', async () => {
    const d = await serviceDraft(rz);
    const s = await signUp(rz);
    const order = await openBookingOrder(rz, s, d);
    for (const tampered of [{ amount: 100 }, { amount: 990000 }, { amount: 9900, currency: 'USD' }]) {
      const res = await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, ...tampered }));
      expect(res.statusCode).toBe(200);
    }
    expect(await paymentStatusOf(rz, s, order.id)).toBe('created');
    expect(await ticketRowsOfOrder(rz, order.id)).toEqual([]);
    expectError(await post(rz, '/api/tickets', { ...draftBody(d), orderId: order.id }, s.headers), 402);
    // The right amount afterwards still settles it.
    expect((await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 }))).statusCode).toBe(
      200,
    );
    expect(await paymentStatusOf(rz, s, order.id)).toBe('captured');
    expect(await ticketRowsOfOrder(rz, order.id)).toHaveLength(1);
  });
});
