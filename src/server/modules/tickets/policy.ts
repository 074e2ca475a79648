import { isStaff, type Role } from '../../../shared/roles.js';

/** The parties of a ticket: whose it is and who is assigned to it. */
export interface TicketParties {
  userId: string;
  engineerId: string | null;
}

/**
 * Who may see a ticket (its answers, its history's events, its live events): the customer who booked
 * it, the engineer assigned to it, and every admin. The one rule; routes and the event stream ask it.
 */
export function mayReadTicket(viewer: { id: string; role: Role }, ticket: TicketParties): boolean {
  if (isStaff(viewer.role)) return true;
  if (viewer.role === 'engineer') return ticket.engineerId === viewer.id;
  return ticket.userId === viewer.id;
}
