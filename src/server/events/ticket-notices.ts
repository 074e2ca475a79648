import { sql } from 'drizzle-orm';
import type { LiveTicketKind } from '../../shared/contracts/events.js';
import type { TicketEventDetails, TicketEventKind } from '../../shared/tickets.js';
import type { Db } from '../db/client.js';
import { tickets } from '../db/schema/index.js';
import type { TicketParties } from '../modules/tickets/policy.js';

/** The channel every instance listens on for committed ticket changes. */
export const TICKET_CHANNEL = 'rf_ticket';
/** Sent by a trigger on `users` (migration 0007) whenever an account changes or goes: its id. */
export const ACCOUNT_CHANNEL = 'rf_account';

/**
 * Who may hear of a change: every party of the ticket (the default), or only those who may read its
 * staff notes (an internal note: never the customer; tickets/policy.ts mayUseStaffNotes). The parties
 * are the ticket's as the change leaves it, and nobody else (DECISIONS.md §7.1): the engineer a
 * reassignment or an unassignment took it from hears nothing more of it.
 */
export type NoticeAudience = 'parties' | 'staff-notes';
const AUDIENCES: readonly string[] = ['parties', 'staff-notes'] satisfies NoticeAudience[];

/** A committed ticket change as it travels between instances: the event, plus whom it concerns. */
export interface TicketNotice extends TicketParties {
  ticketId: string;
  kind: LiveTicketKind;
  at: string;
  /** Absent: 'parties'. */
  audience?: NoticeAudience;
}

/** The audit trail's kinds as the live stream names them. */
const LIVE_KIND: Record<TicketEventKind, LiveTicketKind> = {
  created: 'booked',
  status_changed: 'status',
  assigned: 'assigned',
  completed: 'completed',
  payment_created: 'payment',
  payment_captured: 'payment',
  payment_verified: 'payment',
  payment_failed: 'payment',
  payment_duplicate: 'payment',
  payment_mismatch: 'payment',
  payment_refunded: 'payment',
  unassigned: 'assigned',
  rated: 'rated',
  // Not in §7.1's list of kinds, which is closed: the ticket's answer changed (its remoteAccess), as a
  // status change changes it, so a client asks for the ticket again. The event names no tool or id.
  remote_access_set: 'status',
};

/**
 * The live kind of an entry of the audit trail. An admin setting the status to completed completes the
 * ticket, as its engineer would: the stream names it so (§7.1's `completed`), not one more status.
 */
export function liveKindOf<K extends TicketEventKind>(kind: K, detail: TicketEventDetails[K]): LiveTicketKind {
  if (kind === 'status_changed' && (detail as TicketEventDetails['status_changed']).to === 'completed') {
    return 'completed';
  }
  return LIVE_KIND[kind];
}

/**
 * Announces a ticket change from inside the transaction that makes it: PostgreSQL delivers a NOTIFY
 * to every listening instance when the transaction commits, and never if it rolls back. The parties
 * are read from the ticket as this transaction leaves it (an assignment names the new engineer).
 */
export async function notifyTicketChange(
  tx: Db,
  ticketId: string,
  kind: TicketEventKind | LiveTicketKind,
  audience: NoticeAudience = 'parties',
) {
  const live = kind in LIVE_KIND ? LIVE_KIND[kind as TicketEventKind] : (kind as LiveTicketKind);
  await tx.execute(sql`select pg_notify(${TICKET_CHANNEL}, json_build_object(
      'ticketId', ${tickets.id}, 'kind', ${live}::text, 'at', ${new Date().toISOString()}::text,
      'userId', ${tickets.userId}, 'engineerId', ${tickets.engineerId}, 'audience', ${audience}::text)::text)
    from ${tickets} where ${tickets.id} = ${ticketId}`);
}

export function parseTicketNotice(payload: string): TicketNotice | null {
  try {
    const notice = JSON.parse(payload) as TicketNotice;
    if (typeof notice.ticketId !== 'string' || typeof notice.userId !== 'string') return null;
    // An audience this instance does not know (a newer instance's) is heard by nobody rather than by all.
    if (notice.audience !== undefined && !AUDIENCES.includes(notice.audience)) return null;
    return notice;
  } catch {
    return null;
  }
}
