import { z } from 'zod';

/** What happened to a ticket, as the live stream says it (DECISIONS.md §7.1). */
export const LIVE_TICKET_KINDS = ['booked', 'status', 'assigned', 'payment', 'message', 'completed', 'rated'] as const;
export type LiveTicketKind = (typeof LIVE_TICKET_KINDS)[number];

/**
 * The data of an `event: ticket` on GET /api/events: ids and a kind only, never contact details or
 * text. The client asks the API again, which applies every rule.
 */
export const liveTicketEventSchema = z.object({
  ticketId: z.uuid(),
  kind: z.enum(LIVE_TICKET_KINDS),
  at: z.iso.datetime(),
});
export type LiveTicketEvent = z.infer<typeof liveTicketEventSchema>;
