import { CalendarClock, Mail, Phone, UserCog } from 'lucide-react';
import type { User } from '@shared/contracts/auth';
import type { Ticket } from '@shared/contracts/tickets';
import { CURRENCY, formatRupees, IN_PROGRESS_FEE_PAISE } from '@shared/product';
import { OpenTicketLink } from '@/components/tickets/open-ticket-link';
import { YourRating } from '@/components/tickets/ticket-rating';
import { StatusBadge } from '@/components/tickets/status-badge';
import { TicketNumber } from '@/components/tickets/ticket-number';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LazyPart } from '@/components/ui/lazy-part';
import { Spinner } from '@/components/ui/spinner';
import { createInProgressOrder } from '@/features/payments/api/payment-calls';
import { usePaymentFlow } from '@/features/payments/api/use-payment-flow';
import { formatDateTime } from '@/lib/format';
import { ticketQueryRoots } from '@/lib/ticket-query-keys';
import { useRefreshTickets } from '../api/customer-queries';
import { lazy, useState } from 'react';
import { EmailText } from '@/components/ui/email-text';

// Parts a card shows only in some states load with the first card that shows them: the receipts
// once opened, the rating (its form: react-hook-form, zod) once a ticket is completed.
const TicketReceipts = lazy(() =>
  import('@/components/tickets/ticket-receipts').then((m) => ({ default: m.TicketReceipts })),
);
const RateTicket = lazy(() => import('./rate-ticket').then((m) => ({ default: m.RateTicket })));

function EngineerContact({ engineer }: { engineer: NonNullable<Ticket['engineer']> }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <UserCog aria-hidden="true" className="size-4 shrink-0 text-primary" />
        Engineer: {engineer.name}
      </p>
      {engineer.email && (
        <p className="mt-1 flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <a href={`mailto:${engineer.email}`} className="min-w-0 text-primary hover:underline">
            <EmailText email={engineer.email} />
          </a>
        </p>
      )}
      {engineer.phone && (
        <p className="mt-1 flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <a href={`tel:${engineer.phone}`} className="text-primary hover:underline">
            {engineer.phone}
          </a>
        </p>
      )}
    </div>
  );
}

function PayToContinue({ ticket, user }: { ticket: Ticket; user: User }) {
  const pay = usePaymentFlow();
  const refresh = useRefreshTickets();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await pay({
      createOrder: () =>
        createInProgressOrder({
          ticketId: ticket.id,
          userId: user.id,
          amount: IN_PROGRESS_FEE_PAISE,
          currency: CURRENCY,
          receipt: `inprogress_${ticket.id}`,
          notes: { userId: user.id, ticketId: ticket.id },
        }),
      prefill: { name: user.name, email: user.email, phone: user.phone },
      description: `In-progress fee for ${ticket.service}`,
      successMessage: 'Payment successful!',
    });
    await refresh();
    setBusy(false);
  };
  return (
    <Button onClick={() => void run()} disabled={busy} className="w-full sm:w-auto">
      {busy && <Spinner label="Processing payment" />}
      Pay {formatRupees(IN_PROGRESS_FEE_PAISE)} to Continue
    </Button>
  );
}

/** The ticket's receipts, loaded (their code and the list) when the customer opens them. */
function Receipts({ ticketId }: { ticketId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-4 border-t pt-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-primary">Receipts</summary>
      <div className="mt-3">
        {open && (
          <LazyPart label="Loading receipts" inline>
            <TicketReceipts ticketId={ticketId} root={ticketQueryRoots.customer} />
          </LazyPart>
        )}
      </div>
    </details>
  );
}

/** Whether this ticket's engineer assignment fee is paid, as far as the customer's payments say. */
export type FeeState =
  { kind: 'paid' } | { kind: 'unpaid' } | { kind: 'checking' } | { kind: 'unknown'; retry: () => void };

/** The in-progress part of a card (and of the ticket's page): the fee to pay, or what paying it has given. */
export function InProgressFee({ ticket, user, fee }: { ticket: Ticket; user: User; fee: FeeState }) {
  if (fee.kind === 'checking') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Checking the in-progress fee" />
        <span aria-hidden="true">Checking the in-progress fee…</span>
      </p>
    );
  }
  if (fee.kind === 'unknown') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-900">
        <p>We could not check whether the in-progress fee is paid.</p>
        <Button variant="outline" size="sm" onClick={fee.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (fee.kind === 'paid') {
    return ticket.engineer ? (
      <EngineerContact engineer={ticket.engineer} />
    ) : (
      <p className="text-sm text-muted-foreground">
        Fee paid. An engineer is being assigned; their contact details will appear here.
      </p>
    );
  }
  // The fee is for the assigned engineer's contact: the server opens no order before there is one.
  if (!ticket.engineer) {
    return (
      <p className="text-sm text-muted-foreground">
        An engineer is being assigned. Once they are, you can pay the in-progress fee to see their contact details and
        continue.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {ticket.engineer.name} is your engineer. Pay the in-progress fee to see their contact details and continue.
      </p>
      <PayToContinue ticket={ticket} user={user} />
    </>
  );
}

export function TicketCard({
  ticket,
  user,
  fee,
  heading: Heading = 'h3',
}: {
  ticket: Ticket;
  user: User;
  fee: FeeState;
  /** One level under the heading of the list the card is in. */
  heading?: 'h3' | 'h4';
}) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <TicketNumber number={ticket.number} />
          <Heading className="font-semibold text-slate-900">{ticket.service}</Heading>
          <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            Booked {formatDateTime(ticket.createdAt)}
          </p>
        </div>
        <StatusBadge status={ticket.status} />
      </div>
      <p className="mt-3 whitespace-pre-line wrap-anywhere text-sm text-slate-700">{ticket.description}</p>
      <OpenTicketLink ticketId={ticket.id} number={ticket.number} unread={ticket.unread} className="mt-3" />

      {ticket.status === 'in-progress' && (
        <div className="mt-4 flex flex-col gap-3">
          <InProgressFee ticket={ticket} user={user} fee={fee} />
        </div>
      )}

      {ticket.status === 'completed' && (
        <div className="mt-4 flex flex-col gap-3">
          {/* An admin may complete a ticket without remarks: then only when it was completed. */}
          <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
            {ticket.remarks && (
              <>
                <p className="font-medium text-emerald-900">Remarks</p>
                <p className="mt-1 mb-2 whitespace-pre-line wrap-anywhere text-emerald-950">{ticket.remarks}</p>
              </>
            )}
            {ticket.completedAt && (
              <p className="text-xs text-emerald-800">Completed {formatDateTime(ticket.completedAt)}</p>
            )}
          </div>
          {ticket.engineer && <EngineerContact engineer={ticket.engineer} />}
          {ticket.rating ? (
            // A given rating is only shown: the form's code (react-hook-form, zod) loads for an unrated ticket alone.
            <YourRating rating={ticket.rating} />
          ) : (
            <LazyPart label="Loading the rating" inline>
              <RateTicket ticket={ticket} />
            </LazyPart>
          )}
        </div>
      )}

      <Receipts ticketId={ticket.id} />
    </Card>
  );
}
