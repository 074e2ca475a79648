import { isStaff, type Role } from '../../../shared/roles.js';
import type { TicketStatus } from '../../../shared/tickets.js';

/** The parties of a ticket: whose it is and who is assigned to it. */
export interface TicketParties {
  userId: string;
  engineerId: string | null;
}

/** A ticket's parties and where it stands: what the conversation's rules look at. */
export interface TicketState extends TicketParties {
  status: TicketStatus;
}

type Person = { id: string; role: Role };

/** The customer who booked the ticket: the one who pays its fees and talks for it. */
export const isTicketCustomer = (person: Person, ticket: TicketParties) => ticket.userId === person.id;

/** The engineer assigned to the ticket: the one who works on and completes it. */
export const isAssignedEngineer = (person: Person, ticket: TicketParties) =>
  person.role === 'engineer' && ticket.engineerId === person.id;

/**
 * Who may see a ticket (its answers and its live events): its customer, its assigned engineer and
 * every admin. The one rule; routes and the event stream ask it. It is also who may read and write
 * the ticket's conversation (DECISIONS.md §7.2), within the two rules below.
 */
export function mayReadTicket(person: Person, ticket: TicketParties): boolean {
  if (isStaff(person.role)) return true;
  if (person.role === 'engineer') return isAssignedEngineer(person, ticket);
  return isTicketCustomer(person, ticket);
}

/**
 * Who may read and write the ticket's staff notes (`internal` messages, their attachments and their
 * live events): its assigned engineer and every admin; never its customer.
 */
export function mayUseStaffNotes(person: Person, ticket: TicketParties): boolean {
  return isStaff(person.role) || isAssignedEngineer(person, ticket);
}

/**
 * Whose unread messages a ticket answer counts, and whether staff notes count among them: the same as
 * mayUseStaffNotes on every ticket `person` may read (an engineer reads only those assigned to them,
 * admins all; a customer reads no notes), said without the ticket, so a list can ask it of its rows.
 */
export const unreadReader = (person: Person) => ({ id: person.id, staffNotes: person.role !== 'user' });

/** Whether `person` may read a message (or a file attached to it) of this ticket. */
export function mayReadMessage(person: Person, ticket: TicketParties, message: { internal: boolean }): boolean {
  return message.internal ? mayUseStaffNotes(person, ticket) : mayReadTicket(person, ticket);
}

/**
 * Why `person` may not post this message on the ticket, or null when they may: a party who may not
 * write it is refused (403); a completed ticket's conversation is read-only except for staff notes
 * (409). Uploading a file for a message follows the same rule, for the kind of message its uploader
 * may still write.
 */
export function messageRefusal(
  person: Person,
  ticket: TicketState,
  internal: boolean,
): 'not-yours' | 'staff-only' | 'read-only' | null {
  if (!mayReadTicket(person, ticket)) return 'not-yours';
  if (internal && !mayUseStaffNotes(person, ticket)) return 'staff-only';
  if (ticket.status === 'completed' && !internal) return 'read-only';
  return null;
}

/**
 * A file not yet used by a message is its uploader's alone; once a message uses it, it is read by
 * whoever may read that message.
 */
export function mayReadAttachment(
  person: Person,
  attachment: { uploaderId: string; message: { internal: boolean } | null },
  ticket: TicketParties,
): boolean {
  if (!attachment.message) return attachment.uploaderId === person.id;
  return mayReadMessage(person, ticket, attachment.message);
}

/** Only the ticket's customer gives the remote-access tool and id, and only until it is completed. */
export function maySetRemoteAccess(person: Person, ticket: TicketState): boolean {
  return isTicketCustomer(person, ticket) && ticket.status !== 'completed';
}

/**
 * Who sees the remote-access id: the engineer assigned, while working on the ticket (in progress);
 * the customer who gave it, from giving it (pending) until completion, so they can check and correct
 * it. Nobody else, admins included, and nobody after completion (it is deleted then).
 */
export function mayReadRemoteAccess(person: Person, ticket: TicketState): boolean {
  if (isTicketCustomer(person, ticket)) return ticket.status !== 'completed';
  return isAssignedEngineer(person, ticket) && ticket.status === 'in-progress';
}

/**
 * Who may list a ticket's receipts and download them (DECISIONS.md §7.4): the customer who paid and
 * every admin; not the engineer, who sees the ticket but not the customer's paperwork.
 */
export function mayReadReceipts(person: Person, ticket: TicketParties): boolean {
  if (isStaff(person.role)) return true;
  return person.role === 'user' && isTicketCustomer(person, ticket);
}

/**
 * Why `person` may not rate this ticket, or null when they may (DECISIONS.md §7.5): only its customer
 * rates it (403 for anyone else), once it is completed, and once (409 for either).
 */
export function ratingRefusal(
  person: Person,
  ticket: TicketParties & { completed: boolean; rated: boolean },
): 'not-yours' | 'not-completed' | 'already-rated' | null {
  if (person.role !== 'user' || !isTicketCustomer(person, ticket)) return 'not-yours';
  if (!ticket.completed) return 'not-completed';
  if (ticket.rated) return 'already-rated';
  return null;
}
