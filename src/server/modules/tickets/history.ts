import { and, eq } from 'drizzle-orm';
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

/** Whether the order's trail already has an event of this kind about this provider payment id. */
export async function hasPaymentEvent(db: Db, orderId: string, kind: TicketEventKind, paymentId: string) {
  const rows = await db
    .select({ detail: ticketEvents.detail })
    .from(ticketEvents)
    .where(and(eq(ticketEvents.orderId, orderId), eq(ticketEvents.kind, kind)));
  return rows.some((r) => (r.detail as { paymentId?: unknown }).paymentId === paymentId);
}
