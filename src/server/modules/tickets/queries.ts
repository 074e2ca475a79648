import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAID_STATUSES } from '../../../shared/payments.js';
import type { TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import { payments, statusLiterals, ticketRatings, tickets, users } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';
import { unreadOf } from '../conversation/queries.js';
import { ticketSearch } from './search.js';

const customer = alias(users, 'customer');
const engineer = alias(users, 'engineer');

/**
 * Who a ticket is shown to: the customer who booked it, or staff (an engineer or an admin). Every
 * list looks the in-progress fee up: the customer's view depends on it (serialize.ts), and staff
 * answers carry it as `inProgressFeePaid` (issue 29: the "₹299 paid" column).
 */
export type Viewer = 'customer' | 'staff';

// A scalar subquery, not `exists (…)`: PostgreSQL plans an EXISTS for every row the query could
// return, ignoring the LIMIT, and for the admin list (every ticket a candidate row) chose a hashed
// subplan that read every in-progress payment on each request, a cost that grows with the tickets. A
// scalar subquery is never hashed: it runs once per returned row, through payments_ticket_idx.
export const inProgressFeePaid = sql<boolean>`coalesce((
    select true from ${payments}
    where ${payments.ticketId} = ${tickets.id} and ${payments.kind} = 'inprogress'
      and ${payments.status} in (${statusLiterals(PAID_STATUSES)})
    limit 1), false)`;

/**
 * A ticket with its customer and engineer, and whether the in-progress fee is paid. Staff lists
 * used to skip the lookup (`withFee` false); they now show it too (issue 29), at one indexed
 * subquery per returned row (at most a page), so every statement passes true.
 */
function ticketColumns(withFee: boolean) {
  return {
    id: tickets.id,
    number: tickets.number,
    service: tickets.service,
    mainServiceName: tickets.mainServiceName,
    subServiceName: tickets.subServiceName,
    description: tickets.description,
    status: tickets.status,
    remarks: tickets.remarks,
    createdAt: tickets.createdAt,
    completedAt: tickets.completedAt,
    userId: tickets.userId,
    engineerId: tickets.engineerId,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    engineerName: engineer.name,
    engineerEmail: engineer.email,
    engineerPhone: engineer.phone,
    remoteTool: tickets.remoteTool,
    remoteAccessId: tickets.remoteAccessId,
    ratingScore: ticketRatings.score,
    ratingComment: ticketRatings.comment,
    inProgressFeePaid: (withFee ? inProgressFeePaid : sql<boolean>`false`).as('in_progress_fee_paid'),
  };
}

/**
 * Whose unread messages a ticket answer counts (conversation/queries.ts unreadOf), and whether staff
 * notes count among them (tickets/policy.ts unreadReader).
 */
export interface UnreadReader {
  id: string;
  staffNotes: boolean;
}

/**
 * Tickets newest first, at most `limit` rows, each with the number of its messages `reader` has not
 * read: a scalar subquery, which PostgreSQL runs for the returned rows only (after the sort and the
 * LIMIT), never for every candidate row.
 */
function selectTickets(db: Db, where: SQL | undefined, limit: number, reader: UnreadReader) {
  return db
    .select({ ...ticketColumns(true), unread: unreadOf(tickets.id, reader.id, reader.staffNotes).as('unread') })
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.userId))
    .leftJoin(engineer, eq(engineer.id, tickets.engineerId))
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}

export type TicketView = Awaited<ReturnType<typeof selectTickets>>[number];

/** Whose tickets a list shows: a customer's or all (either optionally of one status), or an engineer's. */
export type TicketScope =
  | { userId: string; status?: TicketStatus | undefined }
  | { engineerId: string; status?: TicketStatus | undefined }
  | { status?: TicketStatus | undefined; q?: string | undefined; paid?: 'true' | 'false' | undefined };

/** The admins' filters (status, search, ₹299 paid): their list and its CSV export select the same tickets. */
export type AdminTicketFilter = Exclude<TicketScope, { userId: string } | { engineerId: string }>;

export function adminTicketFilter(filter: AdminTicketFilter): SQL | undefined {
  const paid = filter.paid && (filter.paid === 'true' ? inProgressFeePaid : sql`not ${inProgressFeePaid}`);
  return and(filter.status && eq(tickets.status, filter.status), filter.q ? ticketSearch(filter.q) : undefined, paid);
}

function scopeFilter(scope: TicketScope): SQL | undefined {
  if ('userId' in scope) return and(eq(tickets.userId, scope.userId), scope.status && eq(tickets.status, scope.status));
  if ('engineerId' in scope) {
    return and(eq(tickets.engineerId, scope.engineerId), scope.status && eq(tickets.status, scope.status));
  }
  return adminTicketFilter(scope);
}

/** Newest first, `limit + 1` rows so the caller can tell whether there is a next page; `reader`'s unread counts. */
export function listTickets(db: Db, scope: TicketScope, reader: UnreadReader, limit: number, cursor?: Cursor) {
  const where = and(scopeFilter(scope), olderThan(tickets.createdAt, tickets.id, cursor));
  return selectTickets(db, where, limit + 1, reader);
}

/** One ticket, answered to either viewer (serializeTicket decides what each sees): it has the fee. */
export async function findTicketView(db: Db, id: string, reader: UnreadReader): Promise<TicketView | undefined> {
  const [row] = await selectTickets(db, eq(tickets.id, id), 1, reader);
  return row;
}

export async function findTicket(db: Db, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row;
}

/** The ticket row, locked for the rest of the transaction: concurrent changes to one ticket queue up. */
export async function lockTicket(tx: Db, id: string) {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update').limit(1);
  return row;
}

export async function insertTicket(tx: Db, values: typeof tickets.$inferInsert): Promise<string> {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  if (!row) throw new Error('ticket insert returned nothing');
  return row.id;
}

export async function updateTicket(tx: Db, id: string, values: Partial<typeof tickets.$inferInsert>) {
  await tx.update(tickets).set(values).where(eq(tickets.id, id));
}
