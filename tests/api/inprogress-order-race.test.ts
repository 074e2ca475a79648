import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, tickets } from '../../src/server/db/schema/index.js';
import { type Session, signUp } from '../support/api.js';
import {
  type Draft,
  eventsOfOrder,
  inProgressWith,
  openBookingOrder,
  post,
  serviceDraft,
  verify,
} from '../support/booking.js';
import { type RazorpayStandIn, razorpayCheckout, razorpayWebhook, sendWebhook } from '../support/razorpay-stand-in.js';
import { razorpayTestApp, type TestApp } from '../support/test-app.js';

// A ticket's in-progress fee has one order to pay, however the calls that open it interleave with
// the provider: Razorpay takes payments on a failed order too, so a second order stored beside a
// failed one is a second way to charge the customer for the same fee.

let t: TestApp;
let standIn: RazorpayStandIn;
let draft: Draft;
/** The engineer every in-progress ticket here is given (no in-progress order without one). */
let engineer: Session;

beforeAll(async () => {
  ({ t, standIn } = await razorpayTestApp());
  draft = await serviceDraft(t);
  engineer = await signUp(t, {}, 'engineer');
});
afterAll(() => t?.close());
beforeEach(() => standIn.reset());

async function inProgressTicket(): Promise<{ customer: Session; ticketId: string }> {
  const customer = await signUp(t);
  const order = await openBookingOrder(t, customer, draft);
  const res = await verify(t, customer, razorpayCheckout(order.id));
  expect(res.statusCode).toBe(200);
  const ticketId = (res.json() as { ticket: { id: string } }).ticket.id;
  await inProgressWith(t, ticketId, engineer);
  return { customer, ticketId };
}

const orderInProgress = (s: Session, ticketId: string) =>
  post(t, '/order-inprogress', { amount: 29900, currency: 'INR', ticketId }, s.headers);

const unpaidOrdersOf = async (ticketId: string) =>
  (
    await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticketId), eq(payments.kind, 'inprogress')))
  ).filter((p) => p.status === 'created' || p.status === 'failed');

describe('opening the in-progress order while another call opens one and it fails', () => {
  it('offers the order the other call stored (open again) instead of storing a second one', async () => {
    const { customer, ticketId } = await inProgressTicket();
    let other = '';
    // While Razorpay is opening this call's order, a second tab opens its own order and pays it, and
    // that attempt fails: the order it stored is failed, which the one-open-order index allows beside
    // a new one.
    standIn.beforeNextOrder = async () => {
      const res = await orderInProgress(customer, ticketId);
      expect(res.statusCode).toBe(201);
      other = (res.json() as { id: string }).id;
      const failed = await sendWebhook(t.app, razorpayWebhook('payment.failed', { orderId: other, amount: 29900 }));
      expect(failed.statusCode).toBe(200);
    };
    const res = await orderInProgress(customer, ticketId);
    expect(res.statusCode).toBe(201);
    expect(other).not.toBe('');
    expect((res.json() as { id: string }).id).toBe(other);

    const unpaid = await unpaidOrdersOf(ticketId);
    expect(unpaid.map((p) => [p.orderId, p.status])).toEqual([[other, 'created']]);
    expect((await eventsOfOrder(t, other)).map((e) => e.kind)).toEqual([
      'payment_created',
      'payment_failed',
      'payment_created',
    ]);
  });

  it('refuses when the fee was paid meanwhile, and when the ticket left "in progress" meanwhile', async () => {
    const paid = await inProgressTicket();
    standIn.beforeNextOrder = async () => {
      const res = await orderInProgress(paid.customer, paid.ticketId);
      const id = (res.json() as { id: string }).id;
      await sendWebhook(t.app, razorpayWebhook('payment.captured', { orderId: id, amount: 29900 }));
    };
    expect((await orderInProgress(paid.customer, paid.ticketId)).statusCode).toBe(409);
    expect(await unpaidOrdersOf(paid.ticketId)).toEqual([]);

    const completed = await inProgressTicket();
    standIn.beforeNextOrder = async () => {
      await t.database.db
        .update(tickets)
        .set({ status: 'completed', remarks: 'Fixed', completedAt: new Date() })
        .where(eq(tickets.id, completed.ticketId));
    };
    expect((await orderInProgress(completed.customer, completed.ticketId)).statusCode).toBe(409);
    expect(await unpaidOrdersOf(completed.ticketId)).toEqual([]);
  });
});
