import type { TicketEventKind } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import { ticketEvents } from '../../db/schema/index.js';

/** Appends to the audit trail; call inside the transaction that makes the change. */
export async function recordEvent(
  db: Db,
  event: {
    ticketId: string | null;
    orderId?: string;
    actorId: string | null;
    kind: TicketEventKind;
    detail?: Record<string, unknown>;
  },
) {
  await db.insert(ticketEvents).values({
    ticketId: event.ticketId,
    orderId: event.orderId ?? null,
    actorId: event.actorId,
    kind: event.kind,
    detail: event.detail ?? {},
  });
}
