import type { User } from '@shared/contracts/auth';
import type { Ticket } from '@shared/contracts/tickets';
import { isPaid } from '@shared/payments';
import { Card } from '@/components/ui/card';
import { CheckoutProvider } from '@/features/payments/components/checkout-provider';
import { useInProgressPayments } from '../api/customer-queries';
import { type FeeState, InProgressFee } from './ticket-card';

/**
 * The in-progress fee on the customer's own ticket page, as on their dashboard's card: the "fee due"
 * email sends them here to pay it. Once it is paid there is nothing to say here: the engineer's email
 * and phone show in the ticket's details.
 */
export function TicketPageFee({ ticket, user }: { ticket: Ticket; user: User }) {
  const payments = useInProgressPayments();
  if (ticket.status !== 'in-progress') return null;
  const fee: FeeState = payments.isPending
    ? { kind: 'checking' }
    : payments.isError
      ? { kind: 'unknown', retry: () => void payments.refetch() }
      : { kind: payments.data.some((p) => p.ticketId === ticket.id && isPaid(p.status)) ? 'paid' : 'unpaid' };
  if (fee.kind === 'paid') return null;
  return (
    <CheckoutProvider>
      <Card role="region" aria-labelledby="ticket-fee-heading" className="flex flex-col gap-3 p-4 sm:p-5">
        <h2 id="ticket-fee-heading" className="text-base font-semibold">
          In-progress fee
        </h2>
        <InProgressFee ticket={ticket} user={user} fee={fee} />
      </Card>
    </CheckoutProvider>
  );
}
