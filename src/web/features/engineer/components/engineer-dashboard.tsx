import { Mail, Phone, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@shared/contracts/auth';
import type { Ticket } from '@shared/contracts/tickets';
import { statusLabel, TICKET_STATUSES, type TicketStatus } from '@shared/tickets';
import { OpenTicketLink } from '@/components/tickets/open-ticket-link';
import { StatusBadge } from '@/components/tickets/status-badge';
import { TicketNumber } from '@/components/tickets/ticket-number';
import { RatingStar, RatingSummary } from '@/components/tickets/ticket-rating';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { EmailText } from '@/components/ui/email-text';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { formatDateTime } from '@/lib/format';
import { useAssignedTickets, useOwnRating } from '../api/engineer-queries';
import { CompleteTicket } from './complete-ticket';

function AssignedTicket({ ticket }: { ticket: Ticket }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <TicketNumber number={ticket.number} />
          <h3 className="font-semibold">{ticket.service}</h3>
          <p className="text-xs text-muted-foreground">Booked {formatDateTime(ticket.createdAt)}</p>
        </div>
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={ticket.status} />
          {/* Whether the customer has paid the ₹299 in-progress fee (issue 29): the staff answer says. */}
          {ticket.inProgressFeePaid ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              ₹299 paid
            </span>
          ) : (
            ticket.status === 'in-progress' && <span className="text-xs text-muted-foreground">₹299 not paid yet</span>
          )}
        </div>
      </div>
      <p className="whitespace-pre-line wrap-anywhere text-sm text-slate-700">{ticket.description}</p>
      <OpenTicketLink ticketId={ticket.id} number={ticket.number} unread={ticket.unread} className="self-start" />
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Customer</p>
        <p className="mt-1 flex items-center gap-2 font-medium">
          <UserRound aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="min-w-0 wrap-anywhere">{ticket.user.name}</span>
        </p>
        <p className="mt-1 flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <a className="min-w-0 text-primary hover:underline" href={`mailto:${ticket.user.email}`}>
            <EmailText email={ticket.user.email} />
          </a>
        </p>
        <p className="mt-1 flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <a className="text-primary hover:underline" href={`tel:${ticket.user.phone}`}>
            {ticket.user.phone}
          </a>
        </p>
      </div>
      {ticket.status === 'in-progress' && <CompleteTicket ticketId={ticket.id} feePaid={ticket.inProgressFeePaid} />}
      {ticket.status === 'pending' && (
        <p className="text-sm text-muted-foreground">Waiting for an admin to start this ticket.</p>
      )}
      {ticket.status === 'completed' && ticket.remarks && (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm whitespace-pre-line wrap-anywhere">
          <span className="font-semibold">Remarks: </span>
          {ticket.remarks}
        </p>
      )}
      {ticket.rating && <RatingSummary rating={ticket.rating} />}
    </Card>
  );
}

/** The engineer's own average, once a customer has rated one of their tickets. */
function OwnRating() {
  const rating = useOwnRating().data;
  if (!rating || rating.average === null) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-700">
      <RatingStar filled />
      Your average rating: {rating.average.toFixed(1)} / 5 ({rating.count} {rating.count === 1 ? 'rating' : 'ratings'})
    </p>
  );
}

export function EngineerDashboard({ user }: { user: User }) {
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const query = useAssignedTickets(status);
  const tickets = query.data?.pages.flatMap((p) => p.tickets) ?? [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">Welcome, {user.name} (Engineer)</h1>
      <h2 className="mt-2 text-lg text-muted-foreground">Your assigned tickets</h2>
      <OwnRating />
      <FormField label="Filter by status" className="mt-6 w-full max-w-xs">
        <NativeSelect
          value={status}
          onChange={(e) => setStatus(e.target.value as TicketStatus | '')}
          className="capitalize"
        >
          <option value="">All statuses</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="mt-6">
        {query.isPending ? (
          <LoadingState label="Loading your tickets" />
        ) : !query.data ? (
          <ErrorState message="We could not load your tickets." onRetry={() => void query.refetch()} />
        ) : tickets.length === 0 ? (
          <EmptyState title={status ? `No ${statusLabel(status)} tickets` : 'No tickets assigned yet'}>
            {status ? 'Choose another status to see the rest.' : 'New assignments appear here.'}
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {tickets.map((t) => (
                <li key={t.id} data-page-item>
                  <AssignedTicket ticket={t} />
                </li>
              ))}
            </ul>
            <LoadMore pages={query} label="tickets" />
          </div>
        )}
      </div>
    </div>
  );
}
