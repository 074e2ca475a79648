import { type ReactNode, useId, useState } from 'react';
import type { User } from '@shared/contracts/auth';
import type { Ticket } from '@shared/contracts/tickets';
import { isPaid } from '@shared/payments';
import { formatRupees, IN_PROGRESS_FEE_PAISE } from '@shared/product';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { cn } from '@/lib/utils';
import { useInProgressPayments, useInProgressTicketsAfter, useMyTickets } from '../api/customer-queries';
import { type FeeState, TicketCard } from './ticket-card';

export function TicketList({ user }: { user: User }) {
  const tickets = useMyTickets();
  const payments = useInProgressPayments();
  const started = useInProgressTicketsAfter(tickets.data?.pages.at(-1)?.nextCursor);

  if (tickets.isPending) return <LoadingState label="Loading your tickets" />;
  if (!tickets.data)
    return <ErrorState message="We could not load your tickets." onRetry={() => void tickets.refetch()} />;

  const all = tickets.data.pages.flatMap((p) => p.tickets);
  if (all.length === 0) {
    return (
      <EmptyState title="No tickets yet">Book a new ticket and an engineer will fix your computer remotely.</EmptyState>
    );
  }
  // Until the payments answer, no in-progress card may offer to take a fee that may already be paid.
  const paidTickets = new Set(payments.data?.filter((p) => isPaid(p.status)).map((p) => p.ticketId));
  const feeState = (ticketId: string): FeeState => {
    if (payments.isPending) return { kind: 'checking' };
    if (payments.isError) return { kind: 'unknown', retry: () => void payments.refetch() };
    return { kind: paidTickets.has(ticketId) ? 'paid' : 'unpaid' };
  };
  const loaded = new Set(all.map((t) => t.id));

  return (
    <div className="flex flex-col gap-4">
      {payments.isSuccess && tickets.hasNextPage && started.data && (
        <StartedFurtherDown
          // While the next answer is fetched, the previous one may still hold a ticket just loaded.
          tickets={started.data.tickets.filter((t) => !loaded.has(t.id))}
          paid={paidTickets}
          render={(t) => <TicketCard ticket={t} user={user} fee={feeState(t.id)} heading="h4" />}
        />
      )}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="My tickets">
        {all.map((t) => (
          <li key={t.id} data-page-item>
            <TicketCard ticket={t} user={user} fee={feeState(t.id)} />
          </li>
        ))}
      </ul>
      <LoadMore pages={tickets} label="tickets" />
    </div>
  );
}

/**
 * In-progress tickets on pages not loaded yet whose fee is unpaid: the list is newest first, so an
 * older ticket an engineer has just started would otherwise wait for the fee out of sight. One paid here stays, with
 * the engineer's contact, until the page is left.
 */
function StartedFurtherDown({
  tickets,
  paid,
  render,
}: {
  tickets: Ticket[];
  paid: ReadonlySet<string>;
  render(ticket: Ticket): ReactNode;
}) {
  const headingId = useId();
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const listed = tickets.filter((t) => !paid.has(t.id) || shown.has(t.id));
  // Remembered as it is rendered (React's "state from the previous render"), so a payment made here keeps its card.
  if (listed.some((t) => !shown.has(t.id))) setShown(new Set([...shown, ...listed.map((t) => t.id)]));
  if (listed.length === 0) return null;
  const unpaid = listed.filter((t) => !paid.has(t.id)).length;
  // On the section's heading and text only: the cards keep their own colours.
  const tone = unpaid > 0 ? 'text-amber-950' : 'text-emerald-950';
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border p-4 sm:p-5',
        unpaid > 0 ? 'border-amber-300 bg-amber-50' : 'border-emerald-300 bg-emerald-50',
      )}
    >
      <h3 id={headingId} className={cn('font-semibold', tone)}>
        {unpaid > 0 ? 'Waiting for your payment' : 'Paid: your engineer is on it'}
      </h3>
      <p className={cn('mt-1 text-sm', tone)}>
        {unpaid > 0
          ? `An engineer has started on ${unpaid === 1 ? 'an older ticket' : `${unpaid} older tickets`}. Pay the ${formatRupees(IN_PROGRESS_FEE_PAISE)} fee to continue and see the engineer's contact details.`
          : "The engineer's contact details are on the ticket."}
      </p>
      <ul className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Older tickets in progress">
        {listed.map((t) => (
          <li key={t.id}>{render(t)}</li>
        ))}
      </ul>
    </section>
  );
}
