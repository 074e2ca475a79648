import { useState } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { RateTicket } from './rate-ticket';

function Notice({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      {children}
    </p>
  );
}

/**
 * The rating on the customer's own ticket page (DECISIONS.md §7.5): the form once the ticket is
 * completed, then the rating given. `asked`: the page was opened from the completion email's
 * "Rate the repair" link (?rate=1): the form is focused, or the page says why there is none.
 */
export function TicketPageRating({ ticket, asked }: { ticket: Ticket; asked: boolean }) {
  // As the page found it: a rating given here a moment ago is a thank-you, not "already rated", and
  // a ticket completed while the page is open does not take the focus from what the customer is doing.
  const [arrival] = useState(() => ({ rated: ticket.rating !== null, completed: ticket.status === 'completed' }));
  if (ticket.status !== 'completed') {
    return asked ? <Notice>This ticket can be rated once the repair is completed.</Notice> : null;
  }
  return (
    <section aria-label="Your rating" className="flex flex-col gap-2">
      {asked && arrival.rated && <Notice>You have already rated this repair. Thank you!</Notice>}
      <RateTicket ticket={ticket} autoFocus={asked && arrival.completed && !arrival.rated} />
    </section>
  );
}
