import { asc } from 'drizzle-orm';
import { receipts } from '../../src/server/db/schema/index.js';
import type { Receipt } from '../../src/shared/contracts/receipts.js';
import type { Session } from './api.js';
import { get } from './booking.js';
import type { TestApp } from './test-app.js';

/** GET /api/tickets/{id}/receipts as `s`; fails the test unless it answers 200. */
export async function receiptsOf(t: TestApp, s: Session, ticketId: string): Promise<Receipt[]> {
  const res = await get(t, `/api/tickets/${ticketId}/receipts`, s.headers);
  if (res.statusCode !== 200) throw new Error(`GET receipts answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { receipts: Receipt[] }).receipts;
}

/** Every receipt in the database, by year and serial. */
export const allReceipts = (t: TestApp) =>
  t.database.db.select().from(receipts).orderBy(asc(receipts.financialYear), asc(receipts.serial));
