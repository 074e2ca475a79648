import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { isStaff } from '@shared/roles';
import { AccountUnavailable } from '@/components/layout/account-unavailable';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import type { User } from '@shared/contracts/auth';
import type { Ticket } from '@shared/contracts/tickets';
import { Card } from '@/components/ui/card';
import { TicketActions } from '@/features/admin/components/ticket-actions';
import { TicketHistoryButton } from '@/features/admin/components/ticket-history-button';
import { CompleteTicket } from '@/features/engineer/components/complete-ticket';
import { TicketConversationPage } from '@/features/conversation/components/ticket-conversation-page';
import { useTicket } from '@/features/conversation/api/conversation-queries';
import { TicketPageFee } from '@/features/customer/components/ticket-page-fee';
import { TicketPageRating } from '@/features/customer/components/ticket-page-rating';
import { TicketPageReceipts } from '@/features/customer/components/ticket-page-receipts';
import { useCurrentUser } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useLiveTicketEvents } from '@/lib/use-live-ticket-events';

/** The admin's history dialog of the ticket, once the ticket (its number) is known. */
function StaffHistory({ ticketId }: { ticketId: string }) {
  const ticket = useTicket(ticketId);
  if (!ticket.data) return null;
  return (
    <div className="flex justify-end">
      <TicketHistoryButton ticketId={ticketId} service={ticket.data.service} number={ticket.data.number} />
    </div>
  );
}

/**
 * What the caller may do to the ticket from its page, as from their dashboard: an admin changes its
 * status and engineer; its engineer completes it while it is in progress. Nothing for anyone else.
 */
function StaffActions({ ticket, user }: { ticket: Ticket; user: User }) {
  const admin = isStaff(user.role);
  const completes = user.role === 'engineer' && ticket.status === 'in-progress' && ticket.engineer?.id === user.id;
  if (!(admin && ticket.status !== 'completed') && !completes) return null;
  return (
    <Card role="region" aria-labelledby="ticket-actions-heading" className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 id="ticket-actions-heading" className="text-base font-semibold">
        {admin ? 'Manage the ticket' : 'Finish the repair'}
      </h2>
      {admin ? (
        <TicketActions ticket={ticket} />
      ) : (
        <CompleteTicket ticketId={ticket.id} feePaid={ticket.inProgressFeePaid} />
      )}
    </Card>
  );
}

/**
 * /tickets/:id (DECISIONS.md §7.2): one ticket and its conversation, for its customer, its engineer
 * and admins (the API says who may see it). New messages arrive live. Not signed in → / with the
 * login dialog, which comes back here once signed in (as /dashboard does). `?rate=1` (the completion
 * email's "Rate the repair"): the customer's rating form, focused (§7.5). The customer's receipts are
 * on it too (§7.4).
 */
export default function TicketPage() {
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const { user, isLoading, failed, retry, token } = useCurrentUser();
  const { openAuthDialog } = useAuthDialog();
  // Only a visitor who arrived signed out is asked to log in (a logout here goes home, as before).
  const arrivedSignedOut = useRef(!token);
  const arrivedAt = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (arrivedSignedOut.current) openAuthDialog('login', { next: arrivedAt.current });
  }, [openAuthDialog]);
  useLiveTicketEvents(Boolean(user));
  if (!token) return <Navigate to={paths.home} replace />;
  if (isLoading) return <LoadingState label="Loading the ticket" />;
  if (failed) return <AccountUnavailable onRetry={retry} />;
  if (!user) return <Navigate to={paths.home} replace />;
  return (
    <TicketConversationPage
      key={id}
      ticketId={id}
      user={user}
      actions={(ticket) => <StaffActions ticket={ticket} user={user} />}
      history={isStaff(user.role) ? <StaffHistory ticketId={id} /> : undefined}
      fee={user.role === 'user' ? (ticket) => <TicketPageFee ticket={ticket} user={user} /> : undefined}
      rating={
        user.role === 'user'
          ? (ticket) => <TicketPageRating ticket={ticket} asked={params.get('rate') === '1'} />
          : undefined
      }
      receipts={user.role === 'user' ? <TicketPageReceipts ticketId={id} /> : undefined}
    />
  );
}
