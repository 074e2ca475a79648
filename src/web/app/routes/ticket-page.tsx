import { Navigate, useParams } from 'react-router';
import { isStaff } from '@shared/roles';
import { AccountUnavailable } from '@/components/layout/account-unavailable';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { TicketHistoryButton } from '@/features/admin/components/ticket-history';
import { TicketConversationPage } from '@/features/conversation/components/ticket-conversation-page';
import { useTicket } from '@/features/conversation/api/conversation-queries';
import { useCurrentUser } from '@/lib/auth';
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
 * /tickets/:id (DECISIONS.md §7.2): one ticket and its conversation, for its customer, its engineer
 * and admins (the API says who may see it). Not signed in → home. New messages arrive live.
 */
export default function TicketPage() {
  const { id = '' } = useParams();
  const { user, isLoading, failed, retry, token } = useCurrentUser();
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
      history={isStaff(user.role) ? <StaffHistory ticketId={id} /> : undefined}
    />
  );
}
