import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contactRequests, payments, services, ticketEvents, tickets, users } from '../../db/schema/index.js';

export interface ViewerModel {
  table: PgTable;
  createdAt: AnyPgColumn;
  /** The primary key: breaks ties between rows made at the same moment, so offset paging is stable. */
  key: AnyPgColumn;
  /**
   * The columns shown: an allow-list, so a column added to the schema stays out of the viewer until
   * someone lists it here. Never a password hash, an external identity link or a session counter.
   */
  shown: readonly string[];
}

/** A model over `table`, its shown columns checked against the table's own names. */
const model = <T extends PgTable>(
  table: T,
  createdAt: AnyPgColumn,
  key: AnyPgColumn,
  shown: readonly (keyof T['_']['columns'] & string)[],
): ViewerModel => ({ table, createdAt, key, shown });

/** What the admin database viewer can show, by model name (the names the original viewer used). */
export const VIEWER_MODELS: Record<string, ViewerModel> = {
  // Not passwordHash, googleSub or tokenVersion.
  User: model(users, users.createdAt, users.id, ['id', 'name', 'email', 'phone', 'role', 'createdAt', 'suspendedAt']),
  Ticket: model(tickets, tickets.createdAt, tickets.id, [
    'id',
    'userId',
    'mainServiceId',
    'subServiceId',
    'mainServiceName',
    'subServiceName',
    'service',
    'description',
    'status',
    'remarks',
    'engineerId',
    'bookingOrderId',
    'completedAt',
    'createdAt',
  ]),
  MainService: model(services, services.createdAt, services.id, ['id', 'name', 'parentId', 'createdAt']),
  ContactRequest: model(contactRequests, contactRequests.createdAt, contactRequests.id, [
    'id',
    'name',
    'email',
    'phone',
    'computerType',
    'description',
    'urgency',
    'mainServiceId',
    'subServiceId',
    'mainServiceName',
    'subServiceName',
    'createdAt',
  ]),
  Payment: model(payments, payments.createdAt, payments.orderId, [
    'orderId',
    'kind',
    'userId',
    'ticketId',
    'amount',
    'currency',
    'receipt',
    'status',
    'providerPaymentId',
    'draft',
    'createdAt',
    'updatedAt',
    'checkedAt',
  ]),
  TicketEvent: model(ticketEvents, ticketEvents.createdAt, ticketEvents.id, [
    'id',
    'ticketId',
    'orderId',
    'actorId',
    'kind',
    'detail',
    'createdAt',
  ]),
};

/** The columns a model shows, in the schema's order. */
export function visibleColumns(m: ViewerModel) {
  const columns = getTableColumns(m.table) as Record<string, AnyPgColumn>;
  return Object.fromEntries(Object.entries(columns).filter(([name]) => m.shown.includes(name)));
}
