import { and, desc, eq, fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../../shared/contracts/tickets.js';
import type { Role } from '../../../shared/roles.js';
import type { TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import { perDatabase, prepareFlatSelect } from '../../db/prepared.js';
import { payments, statusLiterals, tickets, users } from '../../db/schema/index.js';
import { PAID_STATUSES } from '../../../shared/payments.js';
import { type Cursor, rowsAfter } from '../../lib/paging.js';
import type { Caller } from '../../plugins/auth.js';
import { callerMayRead } from '../auth/queries.js';

const customer = alias(users, 'customer');
const engineer = alias(users, 'engineer');

/**
 * Who a ticket is shown to: the customer who booked it, or staff (an engineer or an admin). Only the
 * customer's view depends on the in-progress fee (serialize.ts), so only its statements look it up.
 */
export type Viewer = 'customer' | 'staff';

// A scalar subquery, not `exists (…)`: PostgreSQL plans an EXISTS for every row the query could
// return, ignoring the LIMIT, and for the admin list (100,000 candidate rows) chose a hashed subplan
// that read every in-progress payment on each request (~200 ms at 100k tickets). A scalar subquery
// is never hashed: it runs once per returned row, through payments_ticket_idx.
const inProgressFeePaid = sql<boolean>`coalesce((
    select true from ${payments}
    where ${payments.ticketId} = ${tickets.id} and ${payments.kind} = 'inprogress'
      and ${payments.status} in (${statusLiterals(PAID_STATUSES)})
    limit 1), false)`;

/**
 * A ticket with its customer and engineer, and whether the in-progress fee is paid (flat, for
 * prepareFlatSelect). Staff see the engineer's contact either way, so their lists skip the payments
 * lookup (`withFee` false: 21 index probes a page, 13–19% of the statement's time by pgbench on the
 * bench's 100k tickets) and answer `false` there, which serializeTicket does not read for staff.
 */
function ticketColumns(withFee: boolean) {
  return {
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
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    engineerName: engineer.name,
    engineerEmail: engineer.email,
    engineerPhone: engineer.phone,
    inProgressFeePaid: (withFee ? inProgressFeePaid : sql<boolean>`false`).as('in_progress_fee_paid'),
  };
}

/** A ticket view statement: newest first, at most `limit` rows. */
function prepareTickets(db: Db, name: string, withFee: boolean, where: SQL | undefined, limit: number | Placeholder) {
  return prepareFlatSelect(db, name, ticketColumns(withFee), (select) =>
    select
      .from(tickets)
      .innerJoin(customer, eq(customer.id, tickets.userId))
      .leftJoin(engineer, eq(engineer.id, tickets.engineerId))
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(limit),
  );
}

export type TicketView = Awaited<ReturnType<ReturnType<typeof prepareTickets>['execute']>>[number];

/** Whose tickets a list shows: a customer's or all (either optionally of one status), or an engineer's. */
export type TicketScope =
  | { userId: string; status?: TicketStatus | undefined }
  | { engineerId: string }
  | { status?: TicketStatus | undefined };

type ListShape = 'customer' | 'customer_status' | 'engineer' | 'status' | 'all';

function shapeOf(scope: TicketScope): { shape: ListShape; value?: string; status?: TicketStatus } {
  if ('userId' in scope)
    return scope.status
      ? { shape: 'customer_status', value: scope.userId, status: scope.status }
      : { shape: 'customer', value: scope.userId };
  if ('engineerId' in scope) return { shape: 'engineer', value: scope.engineerId };
  return scope.status ? { shape: 'status', value: scope.status } : { shape: 'all' };
}

/**
 * One prepared statement per list shape, with and without a cursor: no "$1 is null or …" branches,
 * so each keeps the plan of its own index (user, engineer, status or created_at, then keyset).
 *
 * The default page size also gets statements of its own with the limit written in. PostgreSQL keeps
 * a statement's generic plan only if it is priced like the plans made for the actual values, and it
 * prices `limit $n` as 10% of the rows that could match: 10,000 for the admin list, so it would plan
 * every execution again (0.2–0.4 ms of the database's time, twice the query's own). With the limit
 * inline the generic plan is priced right and reused. Not for every size: each statement holds about
 * 130 kB on every connection, and sizes 1 to 100 over eight shapes would be 800 of them.
 */
function prepareList(
  db: Db,
  shape: ListShape,
  viewer: Viewer,
  paged: boolean,
  name: string,
  inlineLimit: number | undefined,
  roles: readonly Role[],
) {
  const value = sql.placeholder('scope');
  const filter = {
    customer: eq(tickets.userId, value),
    customer_status: and(eq(tickets.userId, value), eq(tickets.status, sql.placeholder('status'))),
    engineer: eq(tickets.engineerId, value),
    status: eq(tickets.status, value),
    all: undefined,
  }[shape];
  const after = paged
    ? rowsAfter(tickets.createdAt, tickets.id, {
        createdAt: sql.placeholder('cursorAt'),
        id: sql.placeholder('cursorId'),
      })
    : undefined;
  // drizzle sends a number as a parameter; an SQL fragment goes into the text (its type says Placeholder only).
  const limit =
    inlineLimit === undefined ? sql.placeholder('limit') : (sql.raw(String(inlineLimit)) as unknown as Placeholder);
  // The caller's check rides in the list's own statement (one round trip): no rows for a caller who
  // may not read it, and the route then loads the caller to say why (plugins/auth.ts).
  return prepareTickets(db, name, viewer === 'customer', and(callerMayRead(roles), filter, after), limit);
}

const listStatements = perDatabase(() => new Map<string, ReturnType<typeof prepareList>>());

/** Which list, seen by whom, asked for by whom: the page size and cursor are the statement's parameters. */
export interface ListRequest {
  scope: TicketScope;
  viewer: Viewer;
  caller: Caller;
}

function listStatement(db: Db, { scope, viewer, caller }: ListRequest, limit: number, cursor: Cursor | undefined) {
  const { shape, value, status } = shapeOf(scope);
  const inlineLimit = limit === PAGE_SIZE.default ? limit + 1 : undefined;
  const name = `tickets_${shape}_for_${viewer}${cursor ? '_after' : ''}${inlineLimit ? `_${inlineLimit}` : ''}_as_${caller.roles.join('_')}`;
  const made = listStatements(db);
  let statement = made.get(name);
  if (!statement)
    made.set(name, (statement = prepareList(db, shape, viewer, cursor !== undefined, name, inlineLimit, caller.roles)));
  const values = {
    callerId: caller.userId,
    callerVersion: caller.version,
    scope: value,
    status,
    limit: limit + 1,
    cursorAt: cursor?.createdAt.toISOString(),
    cursorId: cursor?.id,
  };
  return { name, statement, values };
}

/**
 * Newest first, `limit + 1` rows so the caller can tell whether there is a next page; none unless
 * `caller` may read (its account, session version and role: `callerMayRead`).
 */
export async function listTickets(db: Db, list: ListRequest, limit: number, cursor?: Cursor): Promise<TicketView[]> {
  const { statement, values } = listStatement(db, list, limit, cursor);
  return statement.execute(values);
}

/** What listTickets sends (statement name, SQL text, parameters): the benchmark's ceiling runs exactly this. */
export function ticketListStatement(db: Db, list: ListRequest, limit: number, cursor?: Cursor) {
  const { name, statement, values } = listStatement(db, list, limit, cursor);
  const query = statement.getQuery();
  return { name, text: query.sql, values: fillPlaceholders(query.params, values) };
}

// One ticket is answered to either viewer (serializeTicket decides what each sees): it has the fee.
const ticketView = perDatabase((db) =>
  prepareTickets(db, 'ticket_view', true, eq(tickets.id, sql.placeholder('id')), 1),
);

export async function findTicketView(db: Db, id: string): Promise<TicketView | undefined> {
  const [row] = await ticketView(db).execute({ id });
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
