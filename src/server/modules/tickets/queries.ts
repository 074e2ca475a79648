import { and, desc, eq, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAID_STATUSES } from '../../../shared/payments.js';
import type { TicketStatus } from '../../../shared/tickets.js';
import { PAGE_SIZE } from '../../../shared/product.js';
import type { Db } from '../../db/client.js';
import { payments, statusLiterals, ticketRatings, tickets, users } from '../../db/schema/index.js';
import { type Cursor, rowsAfter } from '../../lib/paging.js';
import { unreadOf } from '../conversation/queries.js';
import type { TicketState } from './policy.js';
import { searchCondition, searchTerms } from './search.js';

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
 * A ticket with its customer and engineer, and whether the in-progress fee is paid (one indexed
 * subquery per returned row: at most a page).
 */
const ticketColumns = () => ({
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
  inProgressFeePaid: inProgressFeePaid.as('in_progress_fee_paid'),
});

/**
 * Whose unread messages a ticket answer counts (conversation/queries.ts unreadOf), and whether staff
 * notes count among them (tickets/policy.ts unreadReader).
 */
export interface UnreadReader {
  id: string;
  staffNotes: boolean;
}

/**
 * Tickets newest first, at most `limit` rows, each with the number of its messages the reader has not
 * read: a scalar subquery, which PostgreSQL runs for the returned rows only (after the sort and the
 * LIMIT), never for every candidate row. Its values are placeholders (ListValues) bound when it runs.
 */
function selectTickets(db: Db, where: SQL | undefined, staffNotes: boolean, limit: number) {
  return db
    .select({
      ...ticketColumns(),
      unread: unreadOf(tickets.id, sql.placeholder('reader'), staffNotes).as('unread'),
    })
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.userId))
    .leftJoin(engineer, eq(engineer.id, tickets.engineerId))
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(literalLimit(limit));
}

/**
 * The LIMIT as a literal in the SQL (drizzle binds a number as a parameter): the plan PostgreSQL keeps
 * for a named statement (its generic plan, used for every value) cannot know a bound limit; it planned
 * the admins' list for every ticket, so PostgreSQL planned each request again instead.
 */
function literalLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`a list's limit must be a positive integer, not ${limit}`);
  // drizzle writes an SQL object in the LIMIT as it is; its type only admits a number or a placeholder.
  return sql.raw(String(limit)) as unknown as number;
}

export type TicketView = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

/**
 * The admins' filters (status, search, ₹299 paid, engineer): their list and its CSV export select the
 * same tickets. An engineer's own list is the filter by that engineer.
 */
export interface AdminTicketFilter {
  status?: TicketStatus | undefined;
  /** Only this ticket (if the other filters keep it): a live update of one loaded row. */
  id?: string | undefined;
  q?: string | undefined;
  paid?: 'true' | 'false' | undefined;
  engineerId?: string | undefined;
}

/** Whose tickets a list shows: a customer's (optionally of one status), or those the admins' filters pick. */
export type TicketScope =
  { userId: string; status?: TicketStatus | undefined; id?: string | undefined } | AdminTicketFilter;

const paidCondition = (paid: 'true' | 'false' | undefined) =>
  paid && (paid === 'true' ? inProgressFeePaid : sql`not ${inProgressFeePaid}`);

export function adminTicketFilter(filter: AdminTicketFilter): SQL | undefined {
  const terms = filter.q ? searchTerms(filter.q) : undefined;
  return and(
    filter.engineerId ? eq(tickets.engineerId, filter.engineerId) : undefined,
    filter.status && eq(tickets.status, filter.status),
    terms && searchCondition(terms),
    paidCondition(filter.paid),
  );
}

/**
 * What a list statement's SQL depends on besides its values: which filters it has, whose notes count,
 * how many rows. The shapes the web asks for are built once per database handle and prepared
 * (drizzle's `.prepare()`, isNamed): a request binds its values instead of building the SQL again,
 * and PostgreSQL parses and plans a named statement once per connection. Kept because it more than
 * doubles the lists' throughput on `npm run bench` (issue 25 asks ≥ 10 % of any such machinery).
 */
interface ListShape {
  /** The column that picks the tickets: the customer's, the engineer's, or one ticket. */
  by: 'userId' | 'engineerId' | 'id' | null;
  /** Only one ticket of the list (the scope's `id`). */
  ticket: boolean;
  status: boolean;
  paid: 'true' | 'false' | null;
  search: { words: number; digits: boolean; number: boolean; numbered: boolean } | null;
  cursor: boolean;
  staffNotes: boolean;
  /**
   * Rows at most, in the SQL rather than bound: a plan PostgreSQL reuses for every value (its generic
   * plan) cannot know a bound limit, and planned the admins' list for all the tickets.
   */
  limit: number;
}

/** The values bound to a list statement's placeholders. */
type ListValues = Record<string, unknown>;

function listWhere(shape: ListShape): SQL | undefined {
  const p = sql.placeholder;
  return and(
    shape.by ? eq(tickets[shape.by], p('by')) : undefined,
    shape.ticket ? eq(tickets.id, p('ticket')) : undefined,
    shape.status ? eq(tickets.status, p('status')) : undefined,
    shape.search
      ? searchCondition({
          words: Array.from({ length: shape.search.words }, (_, i) => p(`word${i}`)),
          ...(shape.search.digits ? { digits: p('digits') } : {}),
          ...(shape.search.number ? { number: p('number') } : {}),
          ...(shape.search.numbered ? { numbered: p('numbered') } : {}),
        })
      : undefined,
    paidCondition(shape.paid ?? undefined),
    shape.cursor
      ? rowsAfter(tickets.createdAt, tickets.id, { createdAt: p('cursorAt'), id: p('cursorId') })
      : undefined,
  );
}

interface ListStatement {
  execute(values: ListValues): Promise<TicketView[]>;
  /** Its SQL and parameters, placeholders in them (built on demand: only the bench asks). */
  toSQL(): { sql: string; params: unknown[] };
}

function buildStatement(db: Db, shape: ListShape, name?: string): ListStatement {
  const query = selectTickets(db, listWhere(shape), shape.staffNotes, shape.limit);
  const run = name ? query.prepare(name) : query;
  return { execute: (values) => run.execute(values), toSQL: () => query.toSQL() };
}

/**
 * Which shapes are named, prepared once per connection: the pages the web asks for and the one-ticket
 * view. A search is left unnamed, so PostgreSQL plans it for its pattern each time (how many tickets
 * match decides between the trigram index and the date order), where a named statement may settle on
 * one plan for every pattern; so is a page of another size, so that a client varying `limit` cannot
 * make each connection keep a plan per value.
 */
const isNamed = (shape: ListShape) => !shape.search && (shape.limit === PAGE_SIZE.default + 1 || shape.limit === 1);

/** Statement names by shape, one per shape in this process (PostgreSQL keeps them per connection). */
const statementNames = new Map<string, string>();
const named = new WeakMap<Db, Map<string, ListStatement>>();

function statementFor(db: Db, shape: ListShape): { statement: ListStatement; name?: string } {
  if (!isNamed(shape)) return { statement: buildStatement(db, shape) };
  const key = JSON.stringify(shape);
  let name = statementNames.get(key);
  if (!name) statementNames.set(key, (name = `tickets_list_${statementNames.size + 1}`));
  let statements = named.get(db);
  if (!statements) named.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = buildStatement(db, shape, name)));
  return { statement, name };
}

/** A list's shape and values: `limit + 1` rows so the caller can tell whether there is a next page. */
function listRequest(scope: TicketScope, reader: UnreadReader, limit: number, cursor?: Cursor) {
  const values: ListValues = { reader: reader.id };
  const shape: ListShape = {
    by: null,
    ticket: scope.id !== undefined,
    status: scope.status !== undefined,
    paid: null,
    search: null,
    cursor: cursor !== undefined,
    staffNotes: reader.staffNotes,
    limit: limit + 1,
  };
  if (scope.status !== undefined) values.status = scope.status;
  if (scope.id !== undefined) values.ticket = scope.id;
  if ('userId' in scope) [shape.by, values.by] = ['userId', scope.userId];
  else {
    if (scope.engineerId) [shape.by, values.by] = ['engineerId', scope.engineerId];
    shape.paid = scope.paid ?? null;
    const terms = scope.q ? searchTerms(scope.q) : undefined;
    if (terms) {
      const { words, ...others } = terms;
      shape.search = {
        words: words.length,
        digits: others.digits !== undefined,
        number: others.number !== undefined,
        numbered: others.numbered !== undefined,
      };
      Object.assign(values, others, Object.fromEntries(words.map((word, i) => [`word${i}`, word])));
    }
  }
  if (cursor) Object.assign(values, { cursorAt: cursor.createdAt.toISOString(), cursorId: cursor.id });
  return { shape, values };
}

/** Newest first, `limit + 1` rows so the caller can tell whether there is a next page; `reader`'s unread counts. */
export function listTickets(db: Db, scope: TicketScope, reader: UnreadReader, limit: number, cursor?: Cursor) {
  const { shape, values } = listRequest(scope, reader, limit, cursor);
  return statementFor(db, shape).statement.execute(values);
}

/** The statement listTickets runs, as PostgreSQL receives it (the bench's ceiling runs the same). */
export function listTicketsStatement(db: Db, scope: TicketScope, reader: UnreadReader, limit: number, cursor?: Cursor) {
  const { shape, values } = listRequest(scope, reader, limit, cursor);
  const { statement, name } = statementFor(db, shape);
  const query = statement.toSQL();
  return { name, text: query.sql, values: fillPlaceholders(query.params, values) };
}

/** One ticket, answered to either viewer (serializeTicket decides what each sees): it has the fee. */
export async function findTicketView(db: Db, id: string, reader: UnreadReader): Promise<TicketView | undefined> {
  const shape: ListShape = {
    by: 'id',
    ticket: false,
    status: false,
    paid: null,
    search: null,
    cursor: false,
    staffNotes: reader.staffNotes,
    limit: 1,
  };
  const [row] = await statementFor(db, shape).statement.execute({ by: id, reader: reader.id });
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

/**
 * The same row lock, answering only what the rules look at (policy.ts TicketState): for a change
 * that needs none of the ticket's text, such as a message, which takes this lock on every post.
 */
export async function lockTicketState(tx: Db, id: string): Promise<TicketState | undefined> {
  const [row] = await tx
    .select({ userId: tickets.userId, engineerId: tickets.engineerId, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, id))
    .for('update')
    .limit(1);
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
