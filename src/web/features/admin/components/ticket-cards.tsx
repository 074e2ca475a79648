import type { Ticket } from '@shared/contracts/tickets';
import { OpenTicketLink } from '@/components/tickets/open-ticket-link';
import { StatusBadge } from '@/components/tickets/status-badge';
import { TicketNumber } from '@/components/tickets/ticket-number';
import { RatingSummary } from '@/components/tickets/ticket-rating';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { TicketActions } from './ticket-actions';
import { FeePaid, Person } from './ticket-cells';
import { TicketHistoryButton } from './ticket-history-button';

/**
 * All Tickets on a phone (narrower than SPEC.md §9's admin breakpoint): the table's fields as cards.
 * Its own chunk: a desktop never shows it.
 */
export default function TicketCards({ tickets }: { tickets: Ticket[] }) {
  return (
    <ul className="flex flex-col gap-4">
      {tickets.map((t) => (
        <li key={t.id} data-page-item>
          <Card className="flex min-w-0 flex-col gap-3 p-4 wrap-anywhere">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <TicketNumber number={t.number} />
                <p className="font-semibold">{t.service}</p>
              </div>
              <StatusBadge status={t.status} />
            </div>
            <p className="text-xs text-muted-foreground">{formatDateTime(t.createdAt)}</p>
            <p className="text-sm whitespace-pre-line">{t.description}</p>
            <OpenTicketLink ticketId={t.id} number={t.number} unread={t.unread} className="self-start" />
            <dl className="grid grid-cols-2 gap-3 text-sm [&>div]:min-w-0">
              <div>
                <dt className="text-xs font-semibold uppercase text-slate-500">User</dt>
                <dd>
                  <Person p={t.user} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold uppercase text-slate-500">Engineer</dt>
                <dd>{t.engineer ? <Person p={t.engineer} /> : 'Unassigned'}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold uppercase text-slate-500">In-progress fee</dt>
                <dd>
                  <FeePaid ticket={t} />
                </dd>
              </div>
            </dl>
            {t.remarks && (
              <p className="rounded-lg bg-emerald-50 p-2 text-sm">
                <span className="font-semibold">Remarks: </span>
                {t.remarks}
              </p>
            )}
            {t.rating && <RatingSummary rating={t.rating} label="Rated" clamp />}
            <TicketActions ticket={t} />
            <TicketHistoryButton ticketId={t.id} service={t.service} number={t.number} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
