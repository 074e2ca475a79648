import type { RemoteAccess } from '../../../shared/contracts/messages.js';
import type { Ticket } from '../../../shared/contracts/tickets.js';
import { ticketNumberLabel } from '../../../shared/tickets.js';
import type { Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { mayReadRemoteAccess, unreadReader } from './policy.js';
import { listTickets, type TicketScope, type TicketView, type Viewer } from './queries.js';

/** Who asks for the ticket: what they may see of the remote session depends on it (policy.ts). */
export type Reader = { id: string; role: Role };

/**
 * The API's ticket. A customer sees the engineer's email and phone only once the in-progress
 * fee is captured or verified (DECISIONS.md §4), and only while the ticket is in progress or
 * completed; staff and the engineer always do.
 *
 * The status matters because a payment can be captured late: an order opened while the ticket was
 * in progress, paid after an admin put it back to pending (issue 26), must not reveal the contact on
 * a pending ticket. The fee stays paid (POST /order-inprogress refuses a second one) and the contact
 * shows once the ticket is in progress again. The engineer it shows is the one assigned now: after a
 * reassignment (workflow.ts), the paid fee reaches the engineer who took the ticket over.
 */
export function serializeTicket(row: TicketView, viewer: Viewer, reader: Reader): Ticket {
  const showContact =
    viewer === 'staff' || (row.inProgressFeePaid && (row.status === 'in-progress' || row.status === 'completed'));
  return {
    id: row.id,
    number: ticketNumberLabel(row.number),
    service: row.service,
    mainService: { name: row.mainServiceName },
    subService: { name: row.subServiceName },
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    remarks: row.remarks,
    user: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    // engineerId is a foreign key, so the left join finds the engineer whenever it is set.
    engineer:
      row.engineerId && row.engineerName !== null
        ? {
            id: row.engineerId,
            name: row.engineerName,
            ...(showContact && row.engineerEmail !== null && row.engineerPhone !== null
              ? { email: row.engineerEmail, phone: row.engineerPhone }
              : {}),
          }
        : null,
    rating: row.ratingScore === null ? null : { score: row.ratingScore, comment: row.ratingComment },
    remoteAccess: remoteAccessFor(row, reader),
    ...(viewer === 'staff' ? { inProgressFeePaid: row.inProgressFeePaid } : {}),
    unread: row.unread,
  };
}

function remoteAccessFor(row: TicketView, reader: Reader): RemoteAccess | null {
  if (!row.remoteTool || row.remoteAccessId === null || !mayReadRemoteAccess(reader, row)) return null;
  return { tool: row.remoteTool, accessId: row.remoteAccessId };
}

/**
 * One page of a ticket list (customer's, engineer's, all) as `viewer` sees it, each ticket with the
 * number of its messages `reader` has not read, and the next page's cursor.
 */
export async function ticketPage(
  db: Db,
  scope: TicketScope,
  q: { limit: number; cursor?: string | undefined },
  viewer: Viewer,
  reader: Reader,
) {
  const rows = await listTickets(db, scope, unreadReader(reader), q.limit, decodeCursor(q.cursor));
  const { page, nextCursor } = pageOf(rows, q.limit);
  return { tickets: page.map((r) => serializeTicket(r, viewer, reader)), nextCursor };
}
