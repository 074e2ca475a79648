import type { ReactNode } from 'react';
import type { User } from '@shared/contracts/auth';
import type { Ticket } from '@shared/contracts/tickets';
import { isStaff } from '@shared/roles';
import { BackToListLink } from '@/components/tickets/back-to-list-link';
import { ErrorState, LoadingState } from '@/components/ui/state';
import { ApiError } from '@/lib/api-client';
import { useTicket } from '../api/conversation-queries';
import { Composer } from './composer';
import { MessageThread } from './message-thread';
import { RemoteAccessForm, RemoteAccessView } from './remote-access-panel';
import { TicketDetails } from './ticket-details';

/**
 * A ticket's own page (DECISIONS.md §7.2) for its customer, its engineer and admins: details, the
 * remote session, `actions` (what the caller's role may do to the ticket: the admin's status and
 * engineer, the engineer's completion), `history` (staff), `fee` (the customer's in-progress fee,
 * which the "fee due" email sends them here to pay), `rating` (the customer's form, §7.5) and
 * `receipts` (the customer's, §7.4), each composed by the app, the conversation and the composer.
 */
export function TicketConversationPage({
  ticketId,
  user,
  actions,
  history,
  fee,
  rating,
  receipts,
}: {
  ticketId: string;
  user: User;
  actions?: (ticket: Ticket) => ReactNode;
  history?: ReactNode;
  fee?: (ticket: Ticket) => ReactNode;
  rating?: (ticket: Ticket) => ReactNode;
  receipts?: ReactNode;
}) {
  const ticket = useTicket(ticketId);
  if (ticket.isPending) return <LoadingState label="Loading the ticket" />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && [403, 404, 400].includes(ticket.error.status);
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-4 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold tracking-tight">{missing ? 'Ticket not found' : 'Ticket'}</h1>
        <div className="w-full">
          <ErrorState
            message={missing ? 'This ticket does not exist or is not yours.' : 'Could not load the ticket.'}
            onRetry={missing ? undefined : () => void ticket.refetch()}
          />
        </div>
        <BackToListLink role={user.role} />
      </div>
    );
  }
  const t = ticket.data;
  const customer = user.role === 'user';
  const staff = isStaff(user.role);
  const completed = t.status === 'completed';
  const canWriteNotes = !customer;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:py-8">
      <BackToListLink role={user.role} />
      <TicketDetails ticket={t} showCustomer={!customer} />
      {customer && fee?.(t)}
      {customer && rating?.(t)}
      {customer && !completed && <RemoteAccessForm ticket={t} />}
      {customer && receipts}
      {user.role === 'engineer' && t.status === 'in-progress' && <RemoteAccessView ticket={t} />}
      {actions?.(t)}
      {staff && history}
      <MessageThread
        ticketId={t.id}
        userId={user.id}
        emptyHint={
          !completed
            ? 'Write the first one below.'
            : customer
              ? 'None were written on this ticket.'
              : 'The ticket is completed: only staff notes can be added below.'
        }
      />
      {completed && customer ? (
        <p className="rounded-xl border bg-slate-50 p-3 text-sm text-slate-700">
          This ticket is completed: the conversation is closed.
        </p>
      ) : (
        <Composer key={t.id} ticketId={t.id} userId={user.id} canWriteNotes={canWriteNotes} notesOnly={completed} />
      )}
    </div>
  );
}
