/**
 * What a customer does with an order once it is open: checks the checkout's answer (/verify), pays
 * or declines in the test checkout, books the ticket of a paid order, reads an order's status.
 * Opening orders is orders.ts; recording what was paid is settlement.ts.
 */
import type { CheckoutSuccess } from '../../../shared/contracts/payments.js';
import { isPaid, type PaymentStatus } from '../../../shared/payments.js';
import type { Db } from '../../db/client.js';
import type { PaymentRow, UserRow } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound, paymentRequired } from '../../lib/errors.js';
import type { Notices } from '../email/notices.js';
import type { PaymentProvider, TestPaymentProvider } from './providers/index.js';
import { ownsOrder } from './policy.js';
import { findPayment, inProgressPaymentsOfUser } from './queries.js';
import { failPayment, settlePayment, type Settlement } from './settlement.js';

/**
 * POST /test-checkout (test provider only): the customer pays or declines their own order in the
 * built-in checkout. Like Razorpay's, it takes no payment on an order already paid, checked under the
 * order's lock (two tabs paying at once: one pays, the other is told so, and no second payment is
 * recorded as owed back). A payment is settled at once, as Razorpay's capture and webhook would.
 */
export async function testCheckout(
  db: Db,
  notices: Notices,
  provider: TestPaymentProvider,
  user: UserRow,
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<{ checkout: CheckoutSuccess; settlement: Settlement } | { checkout: { status: 'failed' } }> {
  const order = await ownOrder(db, user, orderId);
  if (outcome === 'failure') {
    const failed = await failPayment(db, order.orderId, {
      actorId: user.id,
      via: 'test-checkout',
      reason: 'declined in the test checkout',
    });
    if (failed && isPaid(failed.status)) throw conflict('This order is already paid');
    return { checkout: { status: 'failed' } };
  }
  if (!order.orderId.startsWith('order_test_')) throw badRequest('Not a test order');
  const { paymentId, signature } = provider.signCheckout(order.orderId);
  const settlement = await settlePayment(db, notices, order.orderId, {
    status: 'captured',
    paymentId,
    actorId: null,
    via: 'test-checkout',
    onlyIfUnpaid: true,
  });
  return {
    checkout: { razorpay_order_id: order.orderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
    settlement,
  };
}

/** The caller's own order, or a refusal. */
export async function ownOrder(db: Db, user: UserRow, orderId: string): Promise<PaymentRow> {
  const order = await findPayment(db, orderId);
  if (!order) throw notFound('Order not found');
  if (!ownsOrder(user, order)) throw forbidden('This order is not yours');
  return order;
}

/** POST /verify: the checkout's signature, checked in constant time, then settlement. */
export async function verifyCheckout(
  db: Db,
  notices: Notices,
  provider: PaymentProvider,
  user: UserRow,
  success: CheckoutSuccess,
): Promise<Settlement> {
  await ownOrder(db, user, success.razorpay_order_id);
  if (!provider.verifyCheckout(success)) throw badRequest('Payment verification failed');
  return settlePayment(db, notices, success.razorpay_order_id, {
    status: 'verified',
    paymentId: success.razorpay_payment_id,
    actorId: user.id,
    via: 'verify',
  });
}

/** POST /api/tickets: only for this customer's paid booking order; the ticket it already made, or a new one. */
export async function ticketForPaidOrder(
  db: Db,
  notices: Notices,
  user: UserRow,
  orderId: string | null | undefined,
): Promise<{ ticketId: string; created: boolean }> {
  // No order named: a paid, unused order of this customer is what is missing (402, DECISIONS.md §4).
  const order = orderId ? await findPayment(db, orderId) : undefined;
  if (!order || !ownsOrder(user, order) || order.kind !== 'booking' || !isPaid(order.status)) {
    throw paymentRequired('Payment required: book through checkout before creating a ticket');
  }
  if (order.ticketId) return { ticketId: order.ticketId, created: false };
  // A concurrent verify, webhook or call may have made it since: settlement says which one did.
  const { ticketId, created } = await settlePayment(db, notices, order.orderId, {
    status: order.status,
    paymentId: order.providerPaymentId ?? '',
    actorId: user.id,
    via: 'api',
  });
  if (!ticketId) throw new Error('booking settled without a ticket');
  return { ticketId, created };
}

export async function paymentStatus(db: Db, user: UserRow, orderId: string): Promise<PaymentStatus> {
  return (await ownOrder(db, user, orderId)).status;
}

/** One entry per ticket: paid if any of its orders is paid, else the newest order's status. */
export async function inProgressPayments(db: Db, user: UserRow) {
  const rows = await inProgressPaymentsOfUser(db, user.id);
  const best = new Map<string, PaymentStatus>();
  for (const r of rows) {
    if (!r.ticketId) continue;
    const seen = best.get(r.ticketId);
    if (!seen || (!isPaid(seen) && isPaid(r.status))) best.set(r.ticketId, r.status);
  }
  return [...best].map(([ticketId, status]) => ({ ticketId, status }));
}
