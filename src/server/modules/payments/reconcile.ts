import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Notices } from '../email/notices.js';
import type { PaymentProvider } from './providers/index.js';
import { claimUnpaidOrders } from './queries.js';
import { settleCapture } from './settlement.js';

/**
 * The reconciliation: orders still unpaid some minutes after their last activity (opened, offered
 * again, failed) are asked about at the provider itself, and a payment it captured is settled as its
 * webhook would have settled it (the ticket made, exactly once). It covers the webhook that never
 * came: turned off after a day of failures, a wrong RAZORPAY_WEBHOOK_SECRET, an outage on the way.
 * Each round claims the orders asked about least recently (never asked first), so however many
 * checkouts were abandoned, every order in the window keeps being asked about in turn; instances
 * claim different orders, and settlement is exactly-once under the order's row lock anyway.
 */
export const RECONCILE = {
  /** How often the reconciliation job runs (`jobs.ts`, once for all instances): minutes that divide an hour. */
  everyMs: 10 * 60_000,
  /** Left alone for this long after its last activity: the checkout and the webhook settle it first. */
  graceMs: 15 * 60_000,
  /** Not asked about once its last activity is older than this (an order offered again starts over). */
  lookBackMs: 3 * 24 * 60 * 60_000,
  /** Orders asked about per look. */
  batch: 100,
};

export interface ReconcileResult {
  checked: number;
  /** Orders this look found paid at the provider and marked paid here. */
  settled: number;
  /** Orders the provider could not be asked about this time (asked again in a later round). */
  unanswered: number;
}

export async function reconcileOrders(
  db: Db,
  provider: PaymentProvider,
  notices: Notices,
  log: FastifyBaseLogger,
  opts: { now?: Date; stopped?: () => boolean } = {},
): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, settled: 0, unanswered: 0 };
  // The test provider's checkout settles its orders itself: nothing to ask about.
  if (provider.name !== 'razorpay') return result;
  const now = opts.now ?? new Date();
  const orders = await claimUnpaidOrders(
    db,
    {
      from: new Date(now.getTime() - RECONCILE.lookBackMs),
      to: new Date(now.getTime() - RECONCILE.graceMs),
      askedBefore: new Date(now.getTime() - RECONCILE.everyMs / 2),
      now,
    },
    RECONCILE.batch,
  );
  for (const order of orders) {
    if (opts.stopped?.()) break;
    result.checked++;
    let captured;
    try {
      captured = await provider.capturedPayments(order.orderId);
    } catch (err) {
      result.unanswered++;
      log.warn(
        { orderId: order.orderId, provider: (err as Error).message },
        'reconciliation: the provider did not answer',
      );
      continue;
    }
    for (const payment of captured) {
      const settlement = await settleCapture(db, notices, log, order, payment, 'reconcile');
      // A mismatch, or settled meanwhile by the webhook or the checkout, or a second payment.
      if (!settlement?.upgraded) continue;
      result.settled++;
      log.warn(
        { orderId: order.orderId, paymentId: payment.id, ticketId: settlement.ticketId },
        'reconciliation: settled a payment the webhook had not reported',
      );
    }
  }
  return result;
}
