import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contactRequests, payments, services, ticketEvents, tickets, users } from '../../db/schema/index.js';

interface ViewerModel {
  table: PgTable;
  createdAt: AnyPgColumn;
  /** The primary key: breaks ties between rows made at the same moment, so offset paging is stable. */
  key: AnyPgColumn;
  /** Columns never shown, whoever asks: password hashes, external identity links. */
  hidden: readonly string[];
}

/** What the admin database viewer can show, by model name (the names the original viewer used). */
export const VIEWER_MODELS: Record<string, ViewerModel> = {
  User: {
    table: users,
    createdAt: users.createdAt,
    key: users.id,
    hidden: ['passwordHash', 'googleSub', 'tokenVersion'],
  },
  Ticket: { table: tickets, createdAt: tickets.createdAt, key: tickets.id, hidden: [] },
  MainService: { table: services, createdAt: services.createdAt, key: services.id, hidden: [] },
  ContactRequest: { table: contactRequests, createdAt: contactRequests.createdAt, key: contactRequests.id, hidden: [] },
  Payment: { table: payments, createdAt: payments.createdAt, key: payments.orderId, hidden: [] },
  TicketEvent: { table: ticketEvents, createdAt: ticketEvents.createdAt, key: ticketEvents.id, hidden: [] },
};

/** The columns a model shows: an allow-list built from the schema minus its hidden ones. */
export function visibleColumns(model: ViewerModel) {
  const columns = getTableColumns(model.table) as Record<string, AnyPgColumn>;
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !model.hidden.includes(name)));
}
