import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './providers/index.js';
import { unpaidOrdersBetween } from './queries.js';
import { recordMismatch, reportSettlement, settlePayment } from './service.js';

/**
 * The reconciliation: orders still unpaid some minutes after they were opened are asked about at
 * the provider itself, and a payment it captured is settled as its webhook would have (the ticket
 * made, exactly once). It covers the webhook that never came: turned off after a day of failures,
 * a wrong RAZORPAY_WEBHOOK_SECRET, an outage on the way. Every instance runs it; settlement is
 * exactly-once under the order's row lock, so two instances asking about one order change nothing.
 */
export const RECONCILE = {
  /** How often each instance looks (the first look comes one interval after start). */
  everyMs: 10 * 60_000,
  /** Left alone for this long first: the checkout and the webhook usually settle an order within it. */
  graceMs: 15 * 60_000,
  /** Not asked about any more after this long (Razorpay keeps an order payable for a limited time). */
  lookBackMs: 3 * 24 * 60 * 60_000,
  /** Orders asked about per look, oldest first. */
  batch: 100,
};

export interface ReconcileResult {
  checked: number;
  settled: number;
  /** Orders the provider could not be asked about this time (asked again next time). */
  unanswered: number;
}

export async function reconcileOrders(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<ReconcileResult> {
  const orders = await unpaidOrdersBetween(
    db,
    new Date(now.getTime() - RECONCILE.lookBackMs),
    new Date(now.getTime() - RECONCILE.graceMs),
    RECONCILE.batch,
  );
  const result: ReconcileResult = { checked: 0, settled: 0, unanswered: 0 };
  for (const order of orders) {
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
      if (payment.amount !== order.amount || payment.currency !== order.currency) {
        if (await recordMismatch(db, order, payment)) {
          log.error(
            { orderId: order.orderId, paymentId: payment.id, amount: payment.amount, currency: payment.currency },
            'a captured payment does not match its order (amount or currency): refund it',
          );
        }
        continue;
      }
      const settlement = await settlePayment(db, order.orderId, {
        status: 'captured',
        paymentId: payment.id,
        actorId: null,
        via: 'reconcile',
      });
      reportSettlement(log, settlement);
      result.settled++;
      log.warn(
        { orderId: order.orderId, paymentId: payment.id, ticketId: settlement.ticketId },
        'reconciliation: settled a payment the webhook had not reported',
      );
    }
  }
  return result;
}

/** Runs the reconciliation every RECONCILE.everyMs while the app is up (Razorpay only). */
export function scheduleReconciliation(
  app: { addHook(name: 'onClose', fn: () => Promise<void>): unknown; log: FastifyBaseLogger },
  db: Db,
  provider: PaymentProvider,
) {
  if (provider.name !== 'razorpay') return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileOrders(db, provider, app.log)
      .catch((err: unknown) => app.log.error({ err }, 'reconciliation failed'))
      .finally(() => (running = false));
  }, RECONCILE.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
