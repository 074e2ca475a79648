import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { payments, tickets, users } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';

const customer = alias(users, 'customer');
const engineer = alias(users, 'engineer');

/** A ticket with its customer and engineer, and whether the in-progress fee is paid. */
const ticketColumns = {
  id: tickets.id,
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
  customer: { name: customer.name, email: customer.email, phone: customer.phone },
  engineer: { id: engineer.id, name: engineer.name, email: engineer.email, phone: engineer.phone },
  // A scalar subquery, not `exists (…)`: PostgreSQL plans an EXISTS for every row the query could
  // return, ignoring the LIMIT, and for the admin list (100,000 candidate rows) chose a hashed subplan
  // that read every in-progress payment on each request (~200 ms at 100k tickets). A scalar subquery
  // is never hashed: it runs once per returned row, through payments_ticket_idx.
  inProgressFeePaid: sql<boolean>`coalesce((
    select true from ${payments}
    where ${payments.ticketId} = ${tickets.id} and ${payments.kind} = 'inprogress'
      and ${payments.status} in ('captured', 'verified')
    limit 1), false)`.as('in_progress_fee_paid'),
};

export type TicketView = Awaited<ReturnType<typeof selectTickets>>[number];

function selectTickets(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.userId))
    .leftJoin(engineer, eq(engineer.id, tickets.engineerId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}


/** Newest first, `limit + 1` rows so the caller can tell whether there is a next page. */
export const listTickets = (db: Db, scope: { userId?: string; engineerId?: string; status?: string }, limit: number, cursor?: Cursor) =>
  selectTickets(
    db,
    and(
      scope.userId ? eq(tickets.userId, scope.userId) : undefined,
      scope.engineerId ? eq(tickets.engineerId, scope.engineerId) : undefined,
      scope.status ? eq(tickets.status, scope.status as 'pending') : undefined,
      olderThan(tickets.createdAt, tickets.id, cursor),
    ),
    limit + 1,
  );

export async function findTicketView(db: Db, id: string): Promise<TicketView | undefined> {
  const [row] = await selectTickets(db, eq(tickets.id, id), 1);
  return row;
}

export async function findTicket(db: Db, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row;
}
