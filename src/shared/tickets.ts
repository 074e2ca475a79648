export const TICKET_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses are shown with dashes replaced by spaces ("in progress"). */
export const statusLabel = (status: TicketStatus) => status.replace(/-/g, ' ');

export const TICKET_EVENT_KINDS = [
  'created',
  'status_changed',
  'assigned',
  'payment_created',
  'payment_captured',
  'payment_verified',
  'payment_failed',
  'completed',
  /** A second payment captured on an order already paid: the customer is owed a refund. */
  'payment_duplicate',
  /** A captured payment whose amount or currency is not its order's: it paid nothing; refund it. */
  'payment_mismatch',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];
