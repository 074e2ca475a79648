import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  payments,
  type ReceiptRow,
  receiptCounters,
  receiptIssuer,
  receipts,
  tickets,
  users,
} from '../../db/schema/index.js';

/**
 * The next serial of the financial year. The upsert locks the year's counter row until the
 * transaction ends: a second settlement, on any instance, waits here for the first to commit (and
 * then gets the next number) or to roll back (and then gets the same one), so there are no gaps and
 * no duplicates. Call it last in the transaction, to hold the row for as short a time as possible.
 */
export async function takeReceiptSerial(tx: Db, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.financialYear,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ serial: receiptCounters.lastNumber });
  if (!row) throw new Error('receipt counter upsert returned nothing');
  return row.serial;
}

/** What a paid order's receipt copies: the order, its ticket and its customer as they are now. */
export async function receiptSource(tx: Db, orderId: string) {
  const [row] = await tx
    .select({
      orderId: payments.orderId,
      kind: payments.kind,
      amount: payments.amount,
      currency: payments.currency,
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      service: tickets.service,
      userId: users.id,
      customerName: users.name,
      customerEmail: users.email,
    })
    .from(payments)
    .innerJoin(tickets, eq(tickets.id, payments.ticketId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.orderId, orderId))
    .limit(1);
  return row;
}

export async function findIssuer(db: Db) {
  const [row] = await db.select().from(receiptIssuer).where(eq(receiptIssuer.id, 1)).limit(1);
  return row;
}

/** Records the business receipts name from now on; written only when it changed. */
export async function saveIssuer(db: Db, issuer: { name: string; address: string | null; gstin: string | null }) {
  await db
    .insert(receiptIssuer)
    .values({ id: 1, ...issuer })
    .onConflictDoUpdate({
      target: receiptIssuer.id,
      set: { ...issuer, updatedAt: new Date() },
      setWhere: sql`(${receiptIssuer.name}, ${receiptIssuer.address}, ${receiptIssuer.gstin})
        is distinct from (${issuer.name}, ${issuer.address}, ${issuer.gstin})`,
    });
}

export async function insertReceipt(tx: Db, values: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(values).returning();
  if (!row) throw new Error('receipt insert returned nothing');
  return row;
}

/** A ticket's receipts in the order they were issued. */
export const receiptsOfTicket = (db: Db, ticketId: string) =>
  db.select().from(receipts).where(eq(receipts.ticketId, ticketId)).orderBy(asc(receipts.paidAt), asc(receipts.number));

/** A receipt with the parties of its ticket (who may read it: policy.ts). */
export async function findReceiptWithParties(db: Db, id: string) {
  const [row] = await db
    .select({ receipt: receipts, ticket: { userId: tickets.userId, engineerId: tickets.engineerId } })
    .from(receipts)
    .innerJoin(tickets, eq(tickets.id, receipts.ticketId))
    .where(eq(receipts.id, id))
    .limit(1);
  return row;
}

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id)).limit(1);
  return row;
}

export async function findReceiptOfOrder(db: Db, orderId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId)).limit(1);
  return row;
}
