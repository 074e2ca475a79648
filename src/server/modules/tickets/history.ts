import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { TicketEventDetails, TicketEventKind } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import { ticketEvents, users } from '../../db/schema/index.js';
import { liveKindOf, notifyTicketChange } from '../../events/ticket-notices.js';

/**
 * Appends to the audit trail and announces the change to every instance (events/ticket-notices.ts);
 * call inside the transaction that makes the change, so both happen if and only if it commits.
 */
export async function recordEvent<K extends TicketEventKind>(
  db: Db,
  event: {
    ticketId: string | null;
    orderId?: string;
    actorId: string | null;
    kind: K;
    detail: TicketEventDetails[K];
    /** When it happened, if before now (a payment the provider reports late); else now. */
    at?: Date;
  },
) {
  await db.insert(ticketEvents).values({
    ...(event.at ? { createdAt: event.at } : {}),
    ticketId: event.ticketId,
    orderId: event.orderId ?? null,
    actorId: event.actorId,
    kind: event.kind,
    detail: { ...event.detail },
  });
  if (event.ticketId) await notifyTicketChange(db, event.ticketId, liveKindOf(event.kind, event.detail));
}

/** A booking's payment events, recorded before its ticket existed, linked to the ticket now made. */
export async function linkOrderEvents(db: Db, orderId: string, ticketId: string) {
  await db.update(ticketEvents).set({ ticketId }).where(eq(ticketEvents.orderId, orderId));
}

/** When the order was last offered again after a failure (payments/orders.ts), if it ever was. */
export async function lastReopenedAt(db: Db, orderId: string): Promise<Date | undefined> {
  const rows = await db
    .select({ at: ticketEvents.createdAt, detail: ticketEvents.detail })
    .from(ticketEvents)
    .where(and(eq(ticketEvents.orderId, orderId), eq(ticketEvents.kind, 'payment_created')));
  const reopened = rows.filter((r) => (r.detail as { reopened?: unknown }).reopened === true).map((r) => r.at);
  return reopened.length ? new Date(Math.max(...reopened.map((at) => at.getTime()))) : undefined;
}

/** Whether the order's trail already has an event of this kind about this provider payment (or refund) id. */
export async function hasPaymentEvent(
  db: Db,
  orderId: string,
  kind: TicketEventKind,
  id: string,
  field: 'paymentId' | 'refundId' = 'paymentId',
) {
  const rows = await db
    .select({ detail: ticketEvents.detail })
    .from(ticketEvents)
    .where(and(eq(ticketEvents.orderId, orderId), eq(ticketEvents.kind, kind)));
  return rows.some((r) => (r.detail as Record<string, unknown>)[field] === id);
}

/**
 * A page of a ticket's trail, oldest first, with who did each thing: its own events and its booking
 * order's; `limit + 1` rows (so the caller sees whether more follow), after the event `after` if
 * given. An `after` that is not of this trail matches nothing.
 */
export function eventsOfTicket(
  db: Db,
  q: { ticketId: string; bookingOrderId: string; after?: string | undefined; limit: number },
) {
  const ofTrail = or(eq(ticketEvents.ticketId, q.ticketId), eq(ticketEvents.orderId, q.bookingOrderId));
  const after = q.after
    ? sql`(${ticketEvents.createdAt}, ${ticketEvents.id}) > (select e.created_at, e.id from ${ticketEvents} e
        where e.id = ${q.after} and (e.ticket_id = ${q.ticketId} or e.order_id = ${q.bookingOrderId}))`
    : undefined;
  return db
    .select({
      id: ticketEvents.id,
      kind: ticketEvents.kind,
      detail: ticketEvents.detail,
      createdAt: ticketEvents.createdAt,
      actorId: users.id,
      actorName: users.name,
      actorRole: users.role,
    })
    .from(ticketEvents)
    .leftJoin(users, eq(users.id, ticketEvents.actorId))
    .where(and(ofTrail, after))
    .orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id))
    .limit(q.limit + 1);
}
