import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type PaymentRow, payments, statusLiterals, tickets } from '../../db/schema/index.js';
import { UNPAID_STATUSES } from '../../../shared/payments.js';

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

export async function findPayment(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row;
}

/** The order row, locked until the transaction ends: settlement of one order is serialised. */
export async function lockPayment(tx: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update').limit(1);
  return row;
}

export async function updatePayment(tx: Db, orderId: string, values: Partial<typeof payments.$inferInsert>) {
  await tx
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.orderId, orderId));
}

export const inProgressPaymentsOfTicket = (db: Db, ticketId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.ticketId, ticketId), eq(payments.kind, 'inprogress')))
    .orderBy(desc(payments.createdAt));

/** Every in-progress order on the customer's own tickets, newest first. */
export const inProgressPaymentsOfUser = (db: Db, userId: string) =>
  db
    .select({ ticketId: payments.ticketId, status: payments.status })
    .from(payments)
    .innerJoin(tickets, eq(tickets.id, payments.ticketId))
    .where(and(eq(tickets.userId, userId), eq(payments.kind, 'inprogress')))
    .orderBy(desc(payments.createdAt));

/**
 * Claims up to `limit` orders not paid (created, or failed on an attempt) for the reconciliation:
 * last active between `window.from` and `window.to`, and not asked about since `window.askedBefore`
 * (so two instances, or two rounds close together, do not ask twice); the ones asked about least
 * recently first, never asked before all others. They are marked as asked at `window.now`. Rows
 * another instance is claiming at the same moment are skipped.
 */
export async function claimUnpaidOrders(
  db: Db,
  window: { from: Date; to: Date; askedBefore: Date; now: Date },
  limit: number,
): Promise<PaymentRow[]> {
  const due = db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        sql`${payments.status} in (${statusLiterals(UNPAID_STATUSES)})`,
        gte(payments.updatedAt, window.from),
        lte(payments.updatedAt, window.to),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, window.askedBefore)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(payments).set({ checkedAt: window.now }).where(inArray(payments.orderId, due)).returning();
}
