import { statusLabel, type TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { actorOf, historyPageOf } from '../../lib/paging.js';
import { findUserById } from '../auth/queries.js';
import { lockUser } from '../users/queries.js';
import type { Notices } from '../email/notices.js';
import { eventsOfTicket, recordEvent } from './history.js';
import { isAssignedEngineer, unreadReader } from './policy.js';
import { findTicket, findTicketView, lockTicket, updateTicket } from './queries.js';
import { serializeTicket } from './serialize.js';

/** The ticket row, locked for the rest of the transaction (see lockTicket), or a 404. */
async function lockedTicket(tx: Db, id: string) {
  const row = await lockTicket(tx, id);
  if (!row) throw notFound('Ticket not found');
  return row;
}

async function staffView(db: Db, id: string, reader: UserRow) {
  const row = await findTicketView(db, id, unreadReader(reader));
  if (!row) throw notFound('Ticket not found');
  return serializeTicket(row, 'staff', reader);
}

/** A completed ticket keeps no remote-access id (DECISIONS.md §7.2): the session is over. */
const COMPLETION_CLEARS = { remoteTool: null, remoteAccessId: null } as const;

/** Admin: any of the three statuses, only when it differs, never once completed. */
export async function changeStatus(db: Db, notices: Notices, actor: UserRow, ticketId: string, status: TicketStatus) {
  await db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (ticket.status === 'completed') throw conflict('A completed ticket cannot change status');
    if (ticket.status === status) throw conflict(`The ticket is already ${statusLabel(status)}`);
    await updateTicket(tx, ticketId, {
      status,
      ...(status === 'completed' ? { completedAt: new Date(), ...COMPLETION_CLEARS } : {}),
    });
    await recordEvent(tx, {
      ticketId,
      actorId: actor.id,
      kind: 'status_changed',
      detail: { from: ticket.status, to: status },
    });
    if (status === 'in-progress' && ticket.engineerId) await notices.feeDue(tx, ticketId);
    if (status === 'completed') await notices.ticketCompleted(tx, ticketId, 'admin');
  });
  return staffView(db, ticketId, actor);
}

/**
 * Admin: an engineer (role engineer) onto a ticket not completed: one that has none, or, as a
 * reassignment (issue 29), one whose engineer is `replaces`. A plain assignment to a ticket that has
 * an engineer is refused, as DECISIONS.md §4 says; naming the one replaced also keeps two admins from
 * overwriting each other's change unseen. The history keeps whom it was taken from. That engineer
 * gets no event (DECISIONS.md §7.1: the parties the change leaves); their list drops the ticket when
 * it is next fetched.
 */
export async function assignEngineer(
  db: Db,
  notices: Notices,
  actor: UserRow,
  ticketId: string,
  { engineerId, replaces }: { engineerId: string; replaces?: string | undefined },
) {
  await db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    // Shared: a change of this account's role waits for the assignment, and this for the change.
    const engineer = await lockUser(tx, engineerId, 'share');
    if (!engineer || engineer.role !== 'engineer')
      throw badRequest('Only a user with the engineer role can be assigned');
    if (engineer.suspendedAt) throw conflict(`${engineer.name}’s account is suspended: reinstate it first`);
    if (ticket.status === 'completed') throw conflict('A completed ticket cannot be assigned');
    if (ticket.engineerId === engineerId) throw conflict('This engineer is already assigned to the ticket');
    if (replaces === undefined && ticket.engineerId) {
      throw conflict('This ticket already has an engineer: choose Change engineer to reassign it');
    }
    if (replaces !== undefined && ticket.engineerId !== replaces) {
      throw conflict('The ticket’s engineer has changed meanwhile: look again before reassigning it');
    }
    const former = ticket.engineerId ? await findUserById(tx, ticket.engineerId) : undefined;
    await updateTicket(tx, ticketId, { engineerId });
    await recordEvent(tx, {
      ticketId,
      actorId: actor.id,
      kind: 'assigned',
      detail: {
        engineerId,
        engineerName: engineer.name,
        ...(former ? { from: { engineerId: former.id, engineerName: former.name } } : {}),
      },
    });
    await notices.engineerAssigned(tx, ticketId);
    if (ticket.status === 'in-progress') await notices.feeDue(tx, ticketId);
  });
  return staffView(db, ticketId, actor);
}

/**
 * Admin: the engineer off a ticket not completed (issue 29). The status stays: an in-progress
 * ticket with no engineer is a state the app already has (the admin may set in progress before
 * assigning), the customer's page says an engineer is being assigned, and a ₹299 already paid
 * stays paid for whoever is assigned next.
 */
export async function unassignEngineer(db: Db, actor: UserRow, ticketId: string) {
  await db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (ticket.status === 'completed') throw conflict('A completed ticket keeps its engineer');
    if (!ticket.engineerId) throw conflict('This ticket has no engineer');
    const former = await findUserById(tx, ticket.engineerId);
    await updateTicket(tx, ticketId, { engineerId: null });
    await recordEvent(tx, {
      ticketId,
      actorId: actor.id,
      kind: 'unassigned',
      detail: { engineerId: ticket.engineerId, engineerName: former?.name ?? '' },
    });
  });
  return staffView(db, ticketId, actor);
}

/** Engineer: only their own ticket, only while in progress, with remarks. */
export async function completeTicket(db: Db, notices: Notices, engineer: UserRow, ticketId: string, remarks: string) {
  await db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (!isAssignedEngineer(engineer, ticket)) throw forbidden('This ticket is not assigned to you');
    if (ticket.status === 'completed') throw conflict('This ticket is already completed');
    if (ticket.status !== 'in-progress') throw conflict('Only a ticket in progress can be completed');
    await updateTicket(tx, ticketId, { status: 'completed', remarks, completedAt: new Date(), ...COMPLETION_CLEARS });
    await recordEvent(tx, {
      ticketId,
      actorId: engineer.id,
      kind: 'completed',
      detail: { from: ticket.status, remarks },
    });
    await notices.ticketCompleted(tx, ticketId, 'engineer');
  });
  return staffView(db, ticketId, engineer);
}

/** A page of everything that happened to a ticket, oldest first, with who did it. */
export async function ticketHistory(db: Db, ticketId: string, q: { after?: string | undefined; limit: number }) {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  const rows = await eventsOfTicket(db, { ticketId, bookingOrderId: ticket.bookingOrderId, ...q });
  const { page, nextCursor } = historyPageOf(rows, q.limit);
  return {
    events: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
      actor: actorOf(r),
    })),
    nextCursor,
  };
}
