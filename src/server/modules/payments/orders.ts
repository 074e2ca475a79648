/** Opening the orders a customer pays: the booking fee's, and the in-progress fee's (one per ticket). */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { bookingOrderBodySchema, inProgressOrderBodySchema } from '../../../shared/contracts/payments.js';
import { isPaid, type PaymentKind } from '../../../shared/payments.js';
import { BOOKING_FEE_PAISE, CURRENCY, IN_PROGRESS_FEE_PAISE } from '../../../shared/product.js';
import type { Db } from '../../db/client.js';
import type { PaymentRow, UserRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { resolveServicePair } from '../catalogue/service.js';
import { recordEvent } from '../tickets/history.js';
import { isTicketCustomer } from '../tickets/policy.js';
import { findTicket, lockTicket } from '../tickets/queries.js';
import { type PaymentProvider, ProviderError } from './providers/index.js';
import { inProgressPaymentsOfTicket, insertPayment, lockPayment, updatePayment } from './queries.js';

const NOT_IN_PROGRESS = 'The in-progress fee can only be paid while the ticket is in progress';
const NO_ENGINEER = 'The in-progress fee can only be paid once an engineer is assigned to the ticket';

/**
 * The fee pays for the assigned engineer's contact (DECISIONS.md §7.6): a ticket in progress with
 * no engineer has nothing to pay for yet, and an order opened then could be paid late, once it showed.
 */
function checkPayable(ticket: { status: string; engineerId: string | null }) {
  if (ticket.status !== 'in-progress') throw conflict(NOT_IN_PROGRESS);
  if (!ticket.engineerId) throw conflict(NO_ENGINEER);
}

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

/**
 * POST /order-inprogress: the caller's own in-progress ticket with an engineer, not yet paid; its unpaid
 * order is reused.
 */
export async function createInProgressOrder(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  body: z.output<typeof inProgressOrderBodySchema>,
) {
  checkAmount('inprogress', body.amount);
  const ticket = await findTicket(db, body.ticketId);
  if (!ticket) throw notFound('Ticket not found');
  if (!isTicketCustomer(user, ticket)) throw forbidden('This ticket is not yours');
  checkPayable(ticket);
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
      if (!locked) throw notFound('Ticket not found');
      checkPayable(locked);
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
