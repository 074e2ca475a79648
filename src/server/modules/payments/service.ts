import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  bookingOrderBodySchema,
  CheckoutSuccess,
  inProgressOrderBodySchema,
} from '../../../shared/contracts/payments.js';
import { isPaid, type PaymentKind, type PaymentStatus } from '../../../shared/payments.js';
import { BOOKING_FEE_PAISE, CURRENCY, IN_PROGRESS_FEE_PAISE } from '../../../shared/product.js';
import type { TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import type { PaymentRow, UserRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, forbidden, notFound, paymentRequired } from '../../lib/errors.js';
import { resolveServicePair } from '../catalogue/service.js';
import { hasPaymentEvent, recordEvent } from '../tickets/history.js';
import { findTicket, lockTicket } from '../tickets/queries.js';
import { createTicketFromOrder } from '../tickets/service.js';
import {
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type TestPaymentProvider,
} from './providers/index.js';
import {
  findPayment,
  inProgressPaymentsOfTicket,
  inProgressPaymentsOfUser,
  insertPayment,
  lockPayment,
  updatePayment,
} from './queries.js';

const FEES: Record<PaymentKind, number> = { booking: BOOKING_FEE_PAISE, inprogress: IN_PROGRESS_FEE_PAISE };

function checkAmount(kind: PaymentKind, amount: number | undefined) {
  if (amount !== undefined && amount !== FEES[kind]) {
    throw badRequest(`The amount must be ${FEES[kind]} paise (₹${FEES[kind] / 100})`);
  }
}

const newReceipt = (kind: PaymentKind) => `rf_${kind === 'booking' ? 'bk' : 'ip'}_${randomBytes(8).toString('hex')}`;

async function openOrder(provider: PaymentProvider, kind: PaymentKind, receipt: string, notes: Record<string, string>) {
  try {
    return await provider.createOrder({ amount: FEES[kind], currency: CURRENCY, receipt, notes });
  } catch (err) {
    if (err instanceof ProviderError)
      throw new AppError(502, 'Failed to create payment order', { provider: err.message });
    throw err;
  }
}

const orderAnswer = (provider: PaymentProvider, row: PaymentRow) => ({
  id: row.orderId,
  amount: row.amount,
  currency: row.currency,
  keyId: provider.keyId,
});

/** POST /order: the ticket draft is checked and stored with the order; the fee is the server's. */
export async function createBookingOrder(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  body: z.output<typeof bookingOrderBodySchema>,
) {
  checkAmount('booking', body.amount);
  const { main, sub } = await resolveServicePair(db, body.mainServiceId, body.subServiceId);
  const receipt = newReceipt('booking');
  const order = await openOrder(provider, 'booking', receipt, {
    userId: user.id,
    userEmail: user.email,
    purpose: 'booking',
  });
  const row = await db.transaction(async (tx) => {
    const r = await insertPayment(tx, {
      orderId: order.id,
      kind: 'booking',
      userId: user.id,
      amount: FEES.booking,
      currency: CURRENCY,
      receipt,
      draft: {
        mainServiceId: main.id,
        subServiceId: sub.id,
        mainServiceName: main.name,
        subServiceName: sub.name,
        description: body.description,
      },
    });
    await recordEvent(tx, {
      ticketId: null,
      orderId: order.id,
      actorId: user.id,
      kind: 'payment_created',
      detail: { kind: 'booking', amount: FEES.booking },
    });
    return r;
  });
  return orderAnswer(provider, row);
}

/** POST /order-inprogress: the caller's own in-progress ticket, not yet paid; its unpaid order is reused. */
export async function createInProgressOrder(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  body: z.output<typeof inProgressOrderBodySchema>,
) {
  checkAmount('inprogress', body.amount);
  const ticket = await findTicket(db, body.ticketId);
  if (!ticket) throw notFound('Ticket not found');
  if (ticket.userId !== user.id) throw forbidden('This ticket is not yours');
  if (ticket.status !== 'in-progress')
    throw conflict('The in-progress fee can only be paid while the ticket is in progress');
  const open = await openInProgressOrderOf(db, ticket.id);
  if (open) {
    if (open.status === 'failed') return orderAnswer(provider, await reopenOrder(db, open, user.id));
    // Offered again: its last activity is now, so the reconciliation keeps asking about it.
    await updatePayment(db, open.orderId, {});
    return orderAnswer(provider, open);
  }

  const receipt = newReceipt('inprogress');
  const order = await openOrder(provider, 'inprogress', receipt, {
    userId: user.id,
    ticketId: ticket.id,
    purpose: 'inprogress',
  });
  try {
    const row = await db.transaction(async (tx) => {
      // Calls opening an order for this ticket queue here. While this one waited for the provider,
      // another may have stored an order (and it may have failed, or been paid), or the ticket may
      // have moved on: checked again under the lock, so a ticket never has two orders to pay.
      const locked = await lockTicket(tx, ticket.id);
      if (locked?.status !== 'in-progress')
        throw conflict('The in-progress fee can only be paid while the ticket is in progress');
      const stored = await openInProgressOrderOf(tx, ticket.id);
      if (stored) return stored;
      const r = await insertPayment(tx, {
        orderId: order.id,
        kind: 'inprogress',
        userId: user.id,
        ticketId: ticket.id,
        amount: FEES.inprogress,
        currency: CURRENCY,
        receipt,
      });
      await recordEvent(tx, {
        ticketId: ticket.id,
        orderId: order.id,
        actorId: user.id,
        kind: 'payment_created',
        detail: { kind: 'inprogress', amount: FEES.inprogress },
      });
      return r;
    });
    // The provider order made here is then never shown, so never paid.
    if (row.status === 'failed') return orderAnswer(provider, await reopenOrder(db, row, user.id));
    return orderAnswer(provider, row);
  } catch (err) {
    // A concurrent call stored its order first (one open order per ticket, by a unique index):
    // every caller pays that one.
    if (!isUniqueViolation(err)) throw err;
    const winner = await openInProgressOrderOf(db, ticket.id);
    if (!winner) throw err;
    return orderAnswer(provider, winner);
  }
}

/**
 * The ticket's in-progress order to pay, if it has one; a refusal when the fee is already paid. A
 * failed order is offered again: a failure is one attempt, the provider takes another payment on the
 * same order, and a second order beside it could be paid as well if the first is captured late.
 */
async function openInProgressOrderOf(db: Db, ticketId: string): Promise<PaymentRow | undefined> {
  const existing = await inProgressPaymentsOfTicket(db, ticketId);
  if (existing.some((p) => isPaid(p.status))) throw conflict('The in-progress fee for this ticket is already paid');
  return existing.find((p) => p.status === 'created') ?? existing.find((p) => p.status === 'failed');
}

/**
 * A failed order offered again: it waits for a payment once more, so a status read while the next
 * attempt is under way does not report the earlier failure as the outcome. Recorded in its trail.
 */
async function reopenOrder(db: Db, failed: PaymentRow, actorId: string): Promise<PaymentRow> {
  try {
    return await reopenLocked(db, failed, actorId);
  } catch (err) {
    // Another order of this ticket is open already (calls raced to open one as this one failed): that one is paid.
    if (!isUniqueViolation(err)) throw err;
    const open = (await inProgressPaymentsOfTicket(db, failed.ticketId ?? '')).find((p) => p.status === 'created');
    if (!open) throw err;
    return open;
  }
}

async function reopenLocked(db: Db, failed: PaymentRow, actorId: string): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const order = await lockPayment(tx, failed.orderId);
    if (!order) throw notFound('Order not found');
    // A late capture of the failed attempt got there first.
    if (isPaid(order.status)) throw conflict('The in-progress fee for this ticket is already paid');
    if (order.status !== 'failed') return order;
    await updatePayment(tx, order.orderId, { status: 'created' });
    await recordEvent(tx, {
      ticketId: order.ticketId,
      orderId: order.orderId,
      actorId,
      kind: 'payment_created',
      detail: { kind: order.kind, amount: order.amount, reopened: true },
    });
    return { ...order, status: 'created' as const };
  });
}

export interface Settlement {
  order: PaymentRow;
  /** The ticket the payment is for: a booking's (made now or earlier), or the in-progress fee's. */
  ticketId: string | null;
  /** Whether this call made the ticket (false when another call had already made it). */
  created: boolean;
  /** Whether this call changed the order's status (false for a replay, or a second payment). */
  upgraded: boolean;
  /**
   * Set when this payment is a second one on an order already paid (`paidWith`), first seen now:
   * the customer was charged twice and is owed a refund. Recorded as a payment_duplicate event.
   */
  duplicate?: { paymentId: string; paidWith: string };
  /** An in-progress fee paid after its ticket left "in progress" (completed meanwhile): that status. */
  paidAfter?: TicketStatus;
}

/**
 * Records a payment as captured (provider webhook) or verified (checkout signature checked) and,
 * for a booking, makes its ticket: all in one transaction under the order's row lock, so however
 * many of verify, webhook and POST /api/tickets race, exactly one ticket comes out.
 */
export async function settlePayment(
  db: Db,
  orderId: string,
  outcome: {
    status: 'captured' | 'verified';
    paymentId: string;
    actorId: string | null;
    via: string;
    /** A checkout taking a new payment: refused (409) when the order is paid already. */
    onlyIfUnpaid?: boolean;
  },
): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const order = await lockPayment(tx, orderId);
    if (!order) throw notFound('Order not found');
    if (outcome.onlyIfUnpaid && isPaid(order.status)) throw conflict('This order is already paid');
    // Another payment than the one that paid the order: kept apart, never in its place.
    const paidWith = isPaid(order.status) ? order.providerPaymentId : null;
    const second = paidWith && outcome.paymentId !== paidWith ? outcome.paymentId : undefined;
    let duplicate: Settlement['duplicate'];
    if (second && paidWith && !(await hasPaymentEvent(tx, orderId, 'payment_duplicate', second))) {
      duplicate = { paymentId: second, paidWith };
      await recordEvent(tx, {
        ticketId: order.ticketId,
        orderId,
        actorId: outcome.actorId,
        kind: 'payment_duplicate',
        detail: { kind: order.kind, amount: order.amount, paymentId: second, paidWith, via: outcome.via },
      });
    }
    // verified outranks captured; a replay of either changes nothing.
    const upgrade = !second && order.status !== 'verified' && order.status !== outcome.status;
    let paidAfter: TicketStatus | undefined;
    if (upgrade && !isPaid(order.status) && order.kind === 'inprogress' && order.ticketId) {
      // The fee is taken by the provider whatever the ticket's status now; the trail says when.
      const status = (await findTicket(tx, order.ticketId))?.status;
      if (status && status !== 'in-progress') paidAfter = status;
    }
    if (upgrade) {
      await updatePayment(tx, orderId, { status: outcome.status, providerPaymentId: outcome.paymentId });
      await recordEvent(tx, {
        ticketId: order.ticketId,
        orderId,
        actorId: outcome.actorId,
        kind: outcome.status === 'verified' ? 'payment_verified' : 'payment_captured',
        detail: {
          kind: order.kind,
          amount: order.amount,
          paymentId: outcome.paymentId,
          via: outcome.via,
          ...(paidAfter ? { ticketStatus: paidAfter } : {}),
        },
      });
    }
    const anomalies = { ...(duplicate ? { duplicate } : {}), ...(paidAfter ? { paidAfter } : {}) };
    if (order.kind === 'booking' && !order.ticketId) {
      const ticketId = await createTicketFromOrder(
        tx,
        { ...order, status: upgrade ? outcome.status : order.status },
        outcome.via,
      );
      return { order, ticketId, created: true, upgraded: upgrade, ...anomalies };
    }
    return { order, ticketId: order.ticketId, created: false, upgraded: upgrade, ...anomalies };
  });
}

/** Tells the operators what a settlement found that needs a person: a refund to make. */
export function reportSettlement(log: FastifyBaseLogger, { order, duplicate, paidAfter }: Settlement) {
  if (duplicate) {
    log.error(
      { orderId: order.orderId, paymentId: duplicate.paymentId, paidWith: duplicate.paidWith, amount: order.amount },
      'a second payment was captured on an order already paid: refund it',
    );
  }
  if (paidAfter) {
    log.warn(
      { orderId: order.orderId, ticketId: order.ticketId, ticketStatus: paidAfter },
      'the in-progress fee was paid for a ticket no longer in progress',
    );
  }
}

/**
 * A captured payment whose amount or currency is not the order's: it pays nothing, and is kept in
 * the order's trail (once per payment, however often it is delivered) and logged as an error for a
 * person to refund.
 */
async function recordMismatch(
  db: Db,
  log: FastifyBaseLogger,
  order: PaymentRow,
  payment: ProviderPayment,
): Promise<void> {
  const recorded = await db.transaction(async (tx) => {
    // Under the order's lock: deliveries of one payment arriving together record it once.
    await lockPayment(tx, order.orderId);
    if (await hasPaymentEvent(tx, order.orderId, 'payment_mismatch', payment.id)) return false;
    await recordEvent(tx, {
      ticketId: order.ticketId,
      orderId: order.orderId,
      actorId: null,
      kind: 'payment_mismatch',
      detail: {
        kind: order.kind,
        amount: payment.amount,
        currency: payment.currency,
        expectedAmount: order.amount,
        expectedCurrency: order.currency,
        paymentId: payment.id,
      },
    });
    return true;
  });
  if (recorded) {
    log.error(
      { orderId: order.orderId, paymentId: payment.id, amount: payment.amount, currency: payment.currency },
      'a captured payment does not match its order (amount or currency): refund it',
    );
  }
}

/** A failed attempt; never un-pays an order that is already paid. */
export async function failPayment(
  db: Db,
  orderId: string,
  detail: { actorId: string | null; via: string; reason?: string },
) {
  return db.transaction(async (tx) => {
    const order = await lockPayment(tx, orderId);
    if (!order) return undefined;
    if (isPaid(order.status) || order.status === 'failed') return order;
    await updatePayment(tx, orderId, { status: 'failed' });
    await recordEvent(tx, {
      ticketId: order.ticketId,
      orderId,
      actorId: detail.actorId,
      kind: 'payment_failed',
      detail: { kind: order.kind, via: detail.via, reason: detail.reason ?? null },
    });
    return { ...order, status: 'failed' as const };
  });
}

/**
 * POST /test-checkout (test provider only): the customer pays or declines their own order in the
 * built-in checkout. Like Razorpay's, it takes no payment on an order already paid, checked under the
 * order's lock (two tabs paying at once: one pays, the other is told so, and no second payment is
 * recorded as owed back). A payment is settled at once, as Razorpay's capture and webhook would.
 */
export async function testCheckout(
  db: Db,
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
  const settlement = await settlePayment(db, order.orderId, {
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
  if (order.userId !== user.id) throw forbidden('This order is not yours');
  return order;
}

/** POST /verify: the checkout's signature, checked in constant time, then settlement. */
export async function verifyCheckout(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  success: CheckoutSuccess,
): Promise<Settlement> {
  await ownOrder(db, user, success.razorpay_order_id);
  if (!provider.verifyCheckout(success)) throw badRequest('Payment verification failed');
  return settlePayment(db, success.razorpay_order_id, {
    status: 'verified',
    paymentId: success.razorpay_payment_id,
    actorId: user.id,
    via: 'verify',
  });
}

/** POST /api/tickets: only for this customer's paid booking order; the ticket it already made, or a new one. */
export async function ticketForPaidOrder(
  db: Db,
  user: UserRow,
  orderId: string,
): Promise<{ ticketId: string; created: boolean }> {
  const order = await findPayment(db, orderId);
  if (!order || order.userId !== user.id || order.kind !== 'booking' || !isPaid(order.status)) {
    throw paymentRequired('Payment required: book through checkout before creating a ticket');
  }
  if (order.ticketId) return { ticketId: order.ticketId, created: false };
  // A concurrent verify, webhook or call may have made it since: settlement says which one did.
  const { ticketId, created } = await settlePayment(db, orderId, {
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

/**
 * A payment the provider reports captured (its webhook, or the reconciliation asking it): one of
 * the order's amount and currency settles the order; any other is recorded as a mismatch for a
 * refund and pays nothing (answers undefined). Whatever needs a person is logged.
 */
export async function settleCapture(
  db: Db,
  log: FastifyBaseLogger,
  order: PaymentRow,
  payment: ProviderPayment,
  via: 'webhook' | 'reconcile',
): Promise<Settlement | undefined> {
  if (payment.amount !== order.amount || payment.currency !== order.currency) {
    await recordMismatch(db, log, order, payment);
    return undefined;
  }
  const settlement = await settlePayment(db, order.orderId, {
    status: 'captured',
    paymentId: payment.id,
    actorId: null,
    via,
  });
  reportSettlement(log, settlement);
  return settlement;
}
