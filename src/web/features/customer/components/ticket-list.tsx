import type { User } from '@shared/contracts/auth';
import { isPaid } from '@shared/payments';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { useInProgressPayments, useMyTickets } from '../api/customer-queries';
import { type FeeState, TicketCard } from './ticket-card';

export function TicketList({ user }: { user: User }) {
  const tickets = useMyTickets();
  const payments = useInProgressPayments();

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

  return (
    <div className="flex flex-col gap-4">
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
