import { statusLabel, type TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { findUserById } from '../auth/queries.js';
import type { Notices } from '../email/notices.js';
import { eventsOfTicket, recordEvent } from './history.js';
import { isAssignedEngineer } from './policy.js';
import { findTicket, findTicketView, lockTicket, updateTicket } from './queries.js';
import { serializeTicket } from './serialize.js';

/** The ticket row, locked for the rest of the transaction (see lockTicket), or a 404. */
async function lockedTicket(tx: Db, id: string) {
  const row = await lockTicket(tx, id);
  if (!row) throw notFound('Ticket not found');
  return row;
}

async function staffView(db: Db, id: string, reader: UserRow) {
  const row = await findTicketView(db, id);
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
    if (status === 'completed') await notices.ticketCompleted(tx, ticketId);
  });
  return staffView(db, ticketId, actor);
}

/** Admin: an engineer (role engineer) onto a ticket that has none and is not completed. */
export async function assignEngineer(db: Db, notices: Notices, actor: UserRow, ticketId: string, engineerId: string) {
  const engineer = await findUserById(db, engineerId);
  if (!engineer || engineer.role !== 'engineer') throw badRequest('Only a user with the engineer role can be assigned');
  await db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (ticket.status === 'completed') throw conflict('A completed ticket cannot be assigned');
    if (ticket.engineerId) throw conflict('This ticket already has an engineer');
    await updateTicket(tx, ticketId, { engineerId });
    await recordEvent(tx, {
      ticketId,
      actorId: actor.id,
      kind: 'assigned',
      detail: { engineerId, engineerName: engineer.name },
    });
    await notices.engineerAssigned(tx, ticketId);
    if (ticket.status === 'in-progress') await notices.feeDue(tx, ticketId);
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
    await notices.ticketCompleted(tx, ticketId);
  });
  return staffView(db, ticketId, engineer);
}

/** Everything that happened to a ticket, oldest first, with who did it. */
export async function ticketHistory(db: Db, ticketId: string) {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  const rows = await eventsOfTicket(db, ticketId, ticket.bookingOrderId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
    actor: r.actorId && r.actorName && r.actorRole ? { id: r.actorId, name: r.actorName, role: r.actorRole } : null,
  }));
}
