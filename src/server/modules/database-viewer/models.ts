import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contactRequests, payments, services, ticketEvents, tickets, users } from '../../db/schema/index.js';

interface ViewerModel {
  table: PgTable;
  createdAt: AnyPgColumn;
  /** Columns never shown, whoever asks: password hashes, external identity links. */
  hidden: readonly string[];
}

/** What the admin database viewer can show, by model name (the names the original viewer used). */
export const VIEWER_MODELS: Record<string, ViewerModel> = {
  User: { table: users, createdAt: users.createdAt, hidden: ['passwordHash', 'googleSub', 'tokenVersion'] },
  Ticket: { table: tickets, createdAt: tickets.createdAt, hidden: [] },
  MainService: { table: services, createdAt: services.createdAt, hidden: [] },
  ContactRequest: { table: contactRequests, createdAt: contactRequests.createdAt, hidden: [] },
  Payment: { table: payments, createdAt: payments.createdAt, hidden: [] },
  TicketEvent: { table: ticketEvents, createdAt: ticketEvents.createdAt, hidden: [] },
};

/** The columns a model shows: an allow-list built from the schema minus its hidden ones. */
export function visibleColumns(model: ViewerModel) {
  const columns = getTableColumns(model.table) as Record<string, AnyPgColumn>;
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !model.hidden.includes(name)));
}
