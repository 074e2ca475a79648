import { isStaff, type Role } from '../../../shared/roles.js';

/** The parties of a ticket: whose it is and who is assigned to it. */
export interface TicketParties {
  userId: string;
  engineerId: string | null;
}

type Person = { id: string; role: Role };

/** The customer who booked the ticket: the one who pays its fees and talks for it. */
export const isTicketCustomer = (person: Person, ticket: TicketParties) => ticket.userId === person.id;

/** The engineer assigned to the ticket: the one who works on and completes it. */
export const isAssignedEngineer = (person: Person, ticket: TicketParties) =>
  person.role === 'engineer' && ticket.engineerId === person.id;

/**
 * Who may see a ticket (its answers and its live events): its customer, its assigned engineer and
 * every admin. The one rule; routes and the event stream ask it.
 */
export function mayReadTicket(person: Person, ticket: TicketParties): boolean {
  if (isStaff(person.role)) return true;
  if (person.role === 'engineer') return isAssignedEngineer(person, ticket);
  return isTicketCustomer(person, ticket);
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
