import { CalendarCheck, CalendarPlus, User, Wrench } from 'lucide-react';
import type { Ticket } from '@shared/contracts/tickets';
import { DetailRow } from '@/components/ui/detail-row';
import { StatusBadge } from '@/components/tickets/status-badge';
import { RatingSummary } from '@/components/tickets/ticket-rating';
import { formatDateTime } from '@/lib/format';

/** The ticket's facts, as the API gives them to the caller; staff (`showCustomer`) see its rating here too. */
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
            {ticket.user.name}
          </DetailRow>
        )}
        <DetailRow icon={Wrench} label="Engineer">
          {ticket.engineer ? ticket.engineer.name : 'No engineer assigned yet'}
          {ticket.engineer?.phone && <span className="text-slate-600"> · {ticket.engineer.phone}</span>}
        </DetailRow>
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
