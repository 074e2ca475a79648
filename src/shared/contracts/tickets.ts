import { z } from 'zod';
import { TICKET_STATUSES } from '../tickets.js';
import { LIMITS, PAGE_SIZE } from '../product.js';
import { descriptionField, hasOnlyAllowedChars, idSchema, requiredId, requiredText } from './common.js';
import { ratingSchema } from './ratings.js';
import { remoteAccessSchema } from './messages.js';

const person = z.object({ name: z.string(), email: z.string(), phone: z.string() });

/** A ticket as the API answers it. `engineer.email`/`phone` are absent until the customer may see them. */
export const ticketSchema = z.object({
  id: z.string(),
  /** The number people say on the phone and search by: RF-1001, RF-1002, … (DECISIONS.md §7.4). */
  number: z.string(),
  service: z.string(),
  mainService: z.object({ name: z.string() }),
  subService: z.object({ name: z.string() }),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  remarks: z.string().nullable(),
  user: person,
  engineer: z
    .object({ id: z.string(), name: z.string(), email: z.string().optional(), phone: z.string().optional() })
    .nullable(),
  /** The customer's rating once given (DECISIONS.md §7.5), for everyone who sees the ticket. */
  rating: ratingSchema.nullable(),
  /**
   * The remote session the customer gave (PUT /api/tickets/{id}/remote-access): shown to that
   * customer until completion and to the assigned engineer while the ticket is in progress; null for
   * anyone else, at any other time, and after completion (it is deleted then).
   */
  remoteAccess: remoteAccessSchema.nullable(),
  /**
   * Messages of the ticket the caller has not read (not their own; staff notes for those who read
   * them): in every ticket answer, the lists (GET /api/tickets, /api/engineer/assigned-tickets,
   * /api/admin/tickets) included. Optional for older servers' answers.
   */
  unread: z.number().int().optional(),
  /** Staff answers only (issue 29): whether the ₹299 in-progress fee is paid (captured or verified). */
  inProgressFeePaid: z.boolean().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketResponseSchema = z.object({ ticket: ticketSchema });

export { PAGE_SIZE };

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  cursor: z.string().max(200).optional(),
});

export const ticketsResponseSchema = z.object({
  tickets: z.array(ticketSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TicketsResponse = z.infer<typeof ticketsResponseSchema>;

/** What the customer fills in on "Book a New Ticket" (also stored with the booking order). */
export const ticketDraftSchema = z.object({
  mainServiceId: requiredId('Choose a services category'),
  subServiceId: requiredId('Choose an issue type'),
  description: descriptionField,
});

/**
 * POST /api/tickets: SPEC.md §7's draft plus the paid booking order it comes from. A body without an
 * order (none, blank or null) is well-formed: what it lacks is the payment, so the route answers 402,
 * not 400 (DECISIONS.md §4). Wrong types are still 400.
 */
export const createTicketBodySchema = ticketDraftSchema.extend({
  orderId: z.string({ message: 'orderId must be a string' }).trim().max(100).nullish(),
});

/** PATCH /api/tickets/{id}/complete: remarks must not be blank. */
export const completeTicketBodySchema = z.object({
  remarks: requiredText('Remarks', LIMITS.remarksMax, {
    missing: 'Please enter remarks before completing the ticket.',
    disallowed: 'Remarks contain characters that are not allowed',
  }),
});

export const ticketListQuerySchema = pageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  /**
   * Only this ticket, and only if the list with its other filters holds it: how an open page puts one
   * changed ticket into the rows it has loaded, after a live event, without asking for them all again.
   */
  id: idSchema.optional(),
});

/**
 * GET /api/admin/tickets (and its CSV): the list's filters plus `q`, matched against the ticket number
 * (RF-1001 or 1001), the customer's name, email or phone, and the description (DECISIONS.md §7.5).
 */
export const adminTicketListQuerySchema = ticketListQuerySchema.extend({
  q: z
    .string()
    .max(200, 'The search is at most 200 characters')
    .refine(hasOnlyAllowedChars, 'The search contains characters that are not allowed')
    .optional(),
  /** Only the tickets whose ₹299 in-progress fee is paid (`true`) or not (`false`). */
  paid: z.enum(['true', 'false']).optional(),
  /** Only the tickets assigned to this engineer (any account that once was one: a completed ticket keeps it). */
  engineerId: idSchema.optional(),
});
