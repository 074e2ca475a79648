import type { Receipt } from '../../../shared/contracts/receipts.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import type { Db } from '../../db/client.js';
import type { ReceiptRow } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { mayReadReceipts } from '../tickets/policy.js';
import { findTicket } from '../tickets/queries.js';
import { financialYearOf, receiptFileName, receiptNumber } from './numbering.js';
import { receiptPdf } from './pdf.js';
import {
  findIssuer,
  findReceipt,
  findReceiptOfOrder,
  findReceiptWithParties,
  insertReceipt,
  receiptSource,
  receiptsOfTicket,
  takeReceiptSerial,
} from './queries.js';

type Person = Parameters<typeof mayReadReceipts>[0];

/**
 * Issues the receipt of an order that has just become paid. Call inside the transaction that marks
 * it paid, under the order's row lock, once its ticket exists (a booking's is made in the same
 * transaction): the receipt exists if and only if the payment is recorded. Its number is taken last
 * (takeReceiptSerial).
 */
export async function issueReceipt(tx: Db, orderId: string, paymentId: string, paidAt: Date) {
  const source = await receiptSource(tx, orderId);
  if (!source) throw new Error(`paid order ${orderId} has no ticket to issue a receipt for`);
  const issuer = await findIssuer(tx);
  const financialYear = financialYearOf(paidAt);
  const serial = await takeReceiptSerial(tx, financialYear);
  return insertReceipt(tx, {
    ...source,
    number: receiptNumber(financialYear, serial),
    financialYear,
    serial,
    paymentId,
    paidAt,
    businessName: issuer?.name ?? PRODUCT_NAME,
    businessAddress: issuer?.address ?? null,
    gstin: issuer?.gstin ?? null,
  });
}

const receiptView = (r: ReceiptRow): Receipt => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  amount: r.amount,
  currency: r.currency,
  paidAt: r.paidAt.toISOString(),
  paymentId: r.paymentId,
});

/** GET /api/tickets/{id}/receipts: for the ticket's customer and admins. */
export async function ticketReceipts(db: Db, reader: Person, ticketId: string): Promise<Receipt[]> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  if (!mayReadReceipts(reader, ticket)) throw forbidden('Only the ticket’s customer and admins see its receipts');
  return (await receiptsOfTicket(db, ticketId)).map(receiptView);
}

/** The receipt issued for an order, as the receipts list shows it (none: not issued). */
export async function receiptOfOrder(db: Db, orderId: string): Promise<Receipt | undefined> {
  const receipt = await findReceiptOfOrder(db, orderId);
  return receipt && receiptView(receipt);
}

/** A receipt's PDF and the name to save it under. */
export async function receiptDocument(receipt: ReceiptRow): Promise<{ fileName: string; pdf: Buffer }> {
  return { fileName: receiptFileName(receipt.number), pdf: await receiptPdf(receipt) };
}

/** GET /api/receipts/{id}: the PDF, for the ticket's customer and admins. */
export async function receiptDownload(db: Db, reader: Person, receiptId: string) {
  const found = await findReceiptWithParties(db, receiptId);
  if (!found) throw notFound('Receipt not found');
  if (!mayReadReceipts(reader, found.ticket)) throw forbidden('Only the ticket’s customer and admins see its receipts');
  return receiptDocument(found.receipt);
}

/**
 * A receipt's PDF by its id, for whoever sends it (the booking-confirmed email attaches it): no
 * access check, the caller decides who gets it. An unknown id is a 404 AppError.
 */
export async function renderReceiptPdf(db: Db, receiptId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await findReceipt(db, receiptId);
  if (!receipt) throw notFound('Receipt not found');
  return receiptDocument(receipt);
}
