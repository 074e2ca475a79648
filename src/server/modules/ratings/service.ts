import type { RatingBody } from '../../../shared/contracts/ratings.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordEvent } from '../tickets/history.js';
import { ratingRefusal } from '../tickets/policy.js';
import { lockTicket } from '../tickets/queries.js';
import { customerTicket } from '../tickets/service.js';
import { engineerAverage, hasRating, insertRating } from './queries.js';

/**
 * The customer rates their completed ticket, once (DECISIONS.md §7.5). The ticket's row lock queues
 * concurrent attempts, and the rating's key refuses a second one whatever happens.
 */
export async function rateTicket(db: Db, customer: UserRow, ticketId: string, body: RatingBody) {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw notFound('Ticket not found');
    const refusal = ratingRefusal(customer, {
      ...ticket,
      completed: ticket.status === 'completed',
      rated: await hasRating(tx, ticketId),
    });
    if (refusal === 'not-yours') throw forbidden('Only the customer who booked this ticket may rate it');
    if (refusal === 'not-completed') throw conflict('A ticket can be rated once it is completed');
    const comment = body.comment?.trim() ? body.comment.trim() : null;
    const stored =
      refusal === null &&
      (await insertRating(tx, { ticketId, engineerId: ticket.engineerId, score: body.score, comment }));
    if (!stored) throw conflict('This ticket is already rated');
    // In the ticket's history like every other change, and announced live ('rated') by the same call.
    await recordEvent(tx, { ticketId, actorId: customer.id, kind: 'rated', detail: { score: body.score, comment } });
  });
  return customerTicket(db, customer, ticketId);
}

/** An engineer's own average over every rating of their tickets. */
export const ownRating = (db: Db, engineer: UserRow) => engineerAverage(db, engineer.id);
