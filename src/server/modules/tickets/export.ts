import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inIndia } from '../../../shared/dates.js';
import { ticketNumberLabel } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import { ticketRatings, tickets, users } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';
import { type AdminTicketFilter, adminTicketFilter, inProgressFeePaid } from './queries.js';

const customer = alias(users, 'customer');
const engineer = alias(users, 'engineer');
const BATCH = 500;

const HEADER = [
  'Number',
  'Booked (India time)',
  'Status',
  'Service',
  'Description',
  'Customer',
  'Email',
  'Phone',
  'Engineer',
  '₹299 paid',
  'Completed (India time)',
  'Remarks',
  'Rating',
  'Rating comment',
];

function batch(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: tickets.id,
      number: tickets.number,
      createdAt: tickets.createdAt,
      status: tickets.status,
      service: tickets.service,
      description: tickets.description,
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      engineerName: engineer.name,
      // Once per exported row, through payments_ticket_idx (see queries.ts on why not `exists`).
      feePaid: inProgressFeePaid.as('fee_paid'),
      completedAt: tickets.completedAt,
      remarks: tickets.remarks,
      score: ticketRatings.score,
      comment: ticketRatings.comment,
    })
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.userId))
    .leftJoin(engineer, eq(engineer.id, tickets.engineerId))
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(BATCH);
}

/** India time to the minute, as a spreadsheet reads a date: 2026-03-10 14:30. */
const indiaTime = (d: Date | null) => (d ? inIndia(d).toISOString().slice(0, 16).replace('T', ' ') : '');

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one)
 * is kept as text by a leading apostrophe (OWASP's advice on CSV injection); one holding a `;` is
 * also quoted (ticketsCsv).
 */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

async function* records(db: Db, filter: AdminTicketFilter) {
  const where = adminTicketFilter(filter);
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await batch(db, and(where, olderThan(tickets.createdAt, tickets.id, cursor)));
    for (const r of rows) {
      yield [
        ticketNumberLabel(r.number),
        indiaTime(r.createdAt),
        r.status,
        r.service,
        r.description,
        r.customerName,
        r.customerEmail,
        r.customerPhone,
        r.engineerName ?? '',
        r.feePaid ? 'yes' : 'no',
        indiaTime(r.completedAt),
        r.remarks ?? '',
        r.score === null ? '' : String(r.score),
        r.comment ?? '',
      ].map(safeCell);
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The admins' tickets as CSV, newest first, with the list's filters (DECISIONS.md §7.5): read in
 * batches of 500 and written as they come, so a large export holds one batch in memory at a time.
 * A byte-order mark tells spreadsheets it is UTF-8 (₹, ›, names in any script).
 *
 * The first batch is read before the answer starts, so a database that fails then gets the error
 * handler's status (503, 400) rather than a download cut short. A failure in a later batch errors
 * the returned stream (pipeline passes it on; `pipe` would leave it unhandled and end the process),
 * and the server ends that download's connection.
 */
export async function ticketsCsv(db: Db, filter: AdminTicketFilter): Promise<Readable> {
  const rows = records(db, filter);
  const first = await rows.next();
  const all = async function* () {
    if (first.done) return;
    yield first.value;
    yield* rows;
  };
  // A cell holding a `;` is quoted: where `;` separates cells (Excel in many European locales) it would
  // split there, and a part beginning `=` after it would run as a formula; quoted, it stays one cell.
  const csv = stringify({ header: true, columns: HEADER, bom: true, quoted_match: ';' });
  pipeline(Readable.from(all()), csv, () => {
    // An error has already reached `csv` (destroyed with it), where the server answers it.
  });
  return csv;
}
