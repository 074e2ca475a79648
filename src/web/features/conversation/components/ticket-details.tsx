import { CalendarCheck, CalendarPlus, IndianRupee, User, Wrench } from 'lucide-react';
import type { Ticket } from '@shared/contracts/tickets';
import { formatRupees, IN_PROGRESS_FEE_PAISE } from '@shared/product';
import { DetailRow } from '@/components/ui/detail-row';
import { StatusBadge } from '@/components/tickets/status-badge';
import { RatingSummary } from '@/components/tickets/ticket-rating';
import { formatDateTime } from '@/lib/format';
import { EmailText } from '@/components/ui/email-text';

/**
 * A person's name, then whichever of their email and phone the API gave, as links to write or call:
 * one line on a desktop, wrapping item by item on a phone.
 */
function Person({ name, email, phone }: { name: string; email?: string; phone?: string }) {
  return (
    <span className="flex flex-wrap gap-x-3">
      <span>{name}</span>
      {email && (
        <a className="min-w-0 text-primary hover:underline" href={`mailto:${email}`}>
          <EmailText email={email} />
        </a>
      )}
      {phone && (
        <a className="whitespace-nowrap text-primary hover:underline" href={`tel:${phone}`}>
          {phone}
        </a>
      )}
    </span>
  );
}

/**
 * The ticket's facts, as the API gives them to the caller; staff (`showCustomer`) see the customer's
 * contact details and the rating here too. The engineer's email and phone come only when the caller
 * may see them (for the customer, once the ₹299 is paid). Staff also see whether that fee is paid
 * (their answer carries it), once the ticket has been in progress.
 */
export function TicketDetails({ ticket, showCustomer }: { ticket: Ticket; showCustomer: boolean }) {
  return (
    <section aria-labelledby="ticket-heading" className="flex flex-col gap-3 rounded-xl border bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="ticket-heading" className="text-xl font-bold text-slate-900">
          Ticket <span className="font-mono">{ticket.number}</span>
        </h1>
        <StatusBadge status={ticket.status} />
      </div>
      <p className="font-medium text-slate-800">{ticket.service}</p>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{ticket.description}</p>
      <dl className="flex flex-col gap-2 text-sm text-slate-800 wrap-anywhere">
        <DetailRow icon={CalendarPlus} label="Booked">
          Booked {formatDateTime(ticket.createdAt)}
        </DetailRow>
        {ticket.completedAt && (
          <DetailRow icon={CalendarCheck} label="Completed">
            Completed {formatDateTime(ticket.completedAt)}
          </DetailRow>
        )}
        {showCustomer && (
          <DetailRow icon={User} label="Customer">
            <Person {...ticket.user} />
          </DetailRow>
        )}
        <DetailRow icon={Wrench} label="Engineer">
          {ticket.engineer ? <Person {...ticket.engineer} /> : 'No engineer assigned yet'}
        </DetailRow>
        {ticket.inProgressFeePaid !== undefined && ticket.status !== 'pending' && (
          <DetailRow icon={IndianRupee} label="In-progress fee">
            {ticket.inProgressFeePaid ? (
              <span className="inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                {formatRupees(IN_PROGRESS_FEE_PAISE)} paid
              </span>
            ) : (
              `${formatRupees(IN_PROGRESS_FEE_PAISE)} in-progress fee not paid yet`
            )}
          </DetailRow>
        )}
      </dl>
      {ticket.remarks && (
        <p className="rounded-lg bg-emerald-50 p-2 text-sm whitespace-pre-line wrap-anywhere text-emerald-900">
          Remarks: {ticket.remarks}
        </p>
      )}
      {showCustomer && ticket.rating && (
        <RatingSummary rating={ticket.rating} className="rounded-lg border border-amber-200 bg-amber-50 p-2" />
      )}
    </section>
  );
}
