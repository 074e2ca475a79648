/**
 * A payment taken or failed, whoever reports it (the checkout's /verify, Razorpay's webhook, the
 * reconciliation, the test checkout): the order's status, its audit trail and a booking's ticket,
 * under the order's row lock.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isPaid } from '../../../shared/payments.js';
import type { TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Notices } from '../email/notices.js';
import { issueReceipt } from '../receipts/service.js';
import { hasPaymentEvent, lastReopenedAt, recordEvent } from '../tickets/history.js';
import { findTicket } from '../tickets/queries.js';
import { createTicketFromOrder } from '../tickets/service.js';
import type { ProviderPayment } from './providers/index.js';
import { lockPayment, updatePayment } from './queries.js';

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
  /** The receipt this call issued: set when the order became paid now (DECISIONS.md §7.4). */
  receipt?: { id: string; number: string };
}

/**
 * Records a payment as captured (provider webhook) or verified (checkout signature checked) and,
 * for a booking, makes its ticket: all in one transaction under the order's row lock, so however
 * many of verify, webhook and POST /api/tickets race, exactly one ticket comes out.
 */
export async function settlePayment(
  db: Db,
  notices: Notices,
  orderId: string,
  outcome: {
    status: 'captured' | 'verified';
    paymentId: string;
    actorId: string | null;
    via: string;
    /** A checkout taking a new payment: refused (409) when the order is paid already. */
    onlyIfUnpaid?: boolean;
    /** When the customer paid, if the provider says (ProviderPayment.paidAt); else now. */
    paidAt?: Date | undefined;
  },
): Promise<Settlement> {
  // Never later than now: the provider's clock may run ahead of this one. One moment for the trail's
  // paid event (the reports count the payment on its India day) and the receipt's date, so the two
  // never fall on either side of a midnight or of 1 April.
  const now = new Date();
  const paidAt = outcome.paidAt && outcome.paidAt < now ? outcome.paidAt : now;
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
        at: paidAt,
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
    const created = order.kind === 'booking' && !order.ticketId;
    const ticketId = created
      ? await createTicketFromOrder(tx, { ...order, status: upgrade ? outcome.status : order.status }, outcome.via)
      : order.ticketId;
    // The booking's confirmation, with its receipt, goes out if and only if this commits (the email
    // finds the receipt by the order when it is sent).
    if (created && ticketId) await notices.bookingConfirmed(tx, ticketId);
    // Paid now for the first time (not a replay, nor captured becoming verified).
    const firstPaid = upgrade && !isPaid(order.status);
    // The in-progress fee's receipt is emailed as the booking's is (the booking's goes with its
    // confirmation); the email finds it by the order when it is sent.
    if (firstPaid && order.kind === 'inprogress' && ticketId) {
      await notices.feePaid(tx, ticketId, { orderId, paymentId: outcome.paymentId });
    }
    // Its one receipt, last, once the booking's ticket exists, so its number is held for the shortest time.
    const receipt = firstPaid ? await issueReceipt(tx, orderId, outcome.paymentId, paidAt) : undefined;
    return {
      order,
      ticketId,
      created,
      upgraded: upgrade,
      ...anomalies,
      ...(receipt ? { receipt: { id: receipt.id, number: receipt.number } } : {}),
    };
  });
}

/** Tells the operators what a settlement found that needs a person: a refund to make. */
export function reportSettlement(log: FastifyBaseLogger, { order, duplicate, paidAfter }: Settlement) {
  if (duplicate) {
    log.error(
      {
        event: 'payment_duplicate',
        orderId: order.orderId,
        paymentId: duplicate.paymentId,
        paidWith: duplicate.paidWith,
        amount: order.amount,
      },
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
      {
        event: 'payment_mismatch',
        orderId: order.orderId,
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
      },
      'a captured payment does not match its order (amount or currency): refund it',
    );
  }
}

/**
 * A failed attempt; never un-pays an order that is already paid. A failure of an attempt begun
 * before the order was offered again (Razorpay delivering a failure again, or late) is about an
 * earlier attempt, not the one the customer may be making now: it changes nothing.
 */
export async function failPayment(
  db: Db,
  orderId: string,
  detail: {
    actorId: string | null;
    via: string;
    reason?: string;
    /** The failed payment began before this time (the provider's own clock says when it began). */
    paymentBeganBefore?: Date;
  },
) {
  return db.transaction(async (tx) => {
    const order = await lockPayment(tx, orderId);
    if (!order) return undefined;
    if (isPaid(order.status) || order.status === 'failed') return order;
    if (detail.paymentBeganBefore) {
      const reopenedAt = await lastReopenedAt(tx, orderId);
      if (reopenedAt && detail.paymentBeganBefore <= reopenedAt) return order;
    }
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
 * A payment the provider reports captured (its webhook, or the reconciliation asking it): one of
 * the order's amount and currency settles the order; any other is recorded as a mismatch for a
 * refund and pays nothing (answers undefined). Whatever needs a person is logged.
 */
export async function settleCapture(
  db: Db,
  notices: Notices,
  log: FastifyBaseLogger,
  order: PaymentRow,
  payment: ProviderPayment,
  via: 'webhook' | 'reconcile',
): Promise<Settlement | undefined> {
  if (payment.amount !== order.amount || payment.currency !== order.currency) {
    await recordMismatch(db, log, order, payment);
    return undefined;
  }
  const settlement = await settlePayment(db, notices, order.orderId, {
    status: 'captured',
    paymentId: payment.id,
    actorId: null,
    via,
    paidAt: payment.paidAt,
  });
  reportSettlement(log, settlement);
  return settlement;
}

/**
 * A refund Razorpay processed (its `refund.processed` webhook), made by a person in the Razorpay
 * Dashboard: kept in the order's trail once per refund, however often it is delivered. The order
 * stays paid and its receipt stands (it records a payment that was made); the trail and the log say
 * the money went back. Razorpay's own refund of a payment never captured (a late authorisation left
 * uncaptured) gave back money the app never counted, unless that payment is the one that paid the
 * order: only that one is recorded.
 */
export async function recordRefund(
  db: Db,
  log: FastifyBaseLogger,
  order: PaymentRow,
  refund: { id: string; amount: number; paymentId: string; captured: boolean },
): Promise<void> {
  const recorded = await db.transaction(async (tx) => {
    // Under the order's lock: deliveries of one refund arriving together record it once.
    const locked = await lockPayment(tx, order.orderId);
    if (!locked) return false;
    const ofPayment = isPaid(locked.status) && locked.providerPaymentId === refund.paymentId;
    if (!refund.captured && !ofPayment) return false;
    if (await hasPaymentEvent(tx, order.orderId, 'payment_refunded', refund.id, 'refundId')) return false;
    await recordEvent(tx, {
      ticketId: locked.ticketId,
      orderId: order.orderId,
      actorId: null,
      kind: 'payment_refunded',
      detail: {
        kind: locked.kind,
        amount: refund.amount,
        refundId: refund.id,
        paymentId: refund.paymentId,
        ofPayment,
      },
    });
    return true;
  });
  if (recorded) {
    log.info(
      {
        event: 'payment_refunded',
        orderId: order.orderId,
        refundId: refund.id,
        paymentId: refund.paymentId,
        amount: refund.amount,
      },
      'a refund was processed',
    );
  }
}
