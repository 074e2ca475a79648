import { lazy, useEffect } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { ADMIN_MOBILE_BREAKPOINT_PX } from '@shared/product';
import { statusLabel, TICKET_STATUSES, type TicketStatus } from '@shared/tickets';
import { OpenTicketLink } from '@/components/tickets/open-ticket-link';
import { StatusBadge } from '@/components/tickets/status-badge';
import { TicketNumber } from '@/components/tickets/ticket-number';
import { RatingSummary } from '@/components/tickets/ticket-rating';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { ListFilters, SearchField } from '@/components/ui/search-input';
import { LazyPart } from '@/components/ui/lazy-part';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { formatDateTime } from '@/lib/format';
import { useMinWidth } from '@/lib/use-min-width';
import { useSearchId, useSearchParam, useSearchText } from '@/lib/use-search-param';
import { useAdminTickets } from '../api/admin-queries';
import { TicketActions } from './ticket-actions';
import { FeePaid, Person } from './ticket-cells';
import { TicketHistoryButton } from './ticket-history-button';
import { CsvDownloadButton } from './ticket-search';

const PAID_FILTERS = ['true', 'false'] as const;

// ₹299 paid last: the columns before it keep their places (the browser tests find cells by place).
const COLUMNS = ['Service', 'Created At', 'User', 'Status', 'Remarks', 'Engineer', 'Actions', '₹299 paid'];

const loadCards = () => import('./ticket-cards');
const TicketCards = lazy(loadCards);

/** Desktop (from SPEC.md §9's admin breakpoint): the table SPEC.md §2 lists. */
function TicketTable({ tickets }: { tickets: Ticket[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-white shadow-card">
      <table className="w-full min-w-[960px] text-left text-sm">
        <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {tickets.map((t) => (
            <tr key={t.id} className="align-top" data-page-item>
              <td className="max-w-56 min-w-48 px-4 py-3 wrap-anywhere">
                <TicketNumber number={t.number} />
                <p className="font-medium">{t.service}</p>
                <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{t.description}</p>
                <OpenTicketLink ticketId={t.id} number={t.number} unread={t.unread} className="mt-1" />
              </td>
              <td className="min-w-32 px-4 py-3">{formatDateTime(t.createdAt)}</td>
              <td className="max-w-44 px-4 py-3 wrap-anywhere">
                <Person p={t.user} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={t.status} />
              </td>
              <td className="max-w-48 px-4 py-3 text-sm wrap-anywhere">
                {t.remarks ?? <span className="text-muted-foreground">—</span>}
                {t.rating && <RatingSummary rating={t.rating} label="Rated" clamp className="mt-2" />}
              </td>
              <td className="max-w-44 min-w-36 px-4 py-3 wrap-anywhere">
                {/* One word: the cell's wrap-anywhere (for long emails) would otherwise break it in two. */}
                {t.engineer ? (
                  <Person p={t.engineer} />
                ) : (
                  <span className="whitespace-nowrap text-muted-foreground">Unassigned</span>
                )}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-start gap-2">
                  <TicketActions ticket={t} />
                  <TicketHistoryButton ticketId={t.id} service={t.service} number={t.number} />
                </div>
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <FeePaid ticket={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The list narrowed to one engineer's tickets (All Users' "Assigned tickets" leads here): says whose,
 * by the name the tickets carry, and offers the whole list again.
 */
function EngineerFilter({ engineerId, tickets, onClear }: { engineerId: string; tickets: Ticket[]; onClear(): void }) {
  const name = tickets.find((t) => t.engineer?.id === engineerId)?.engineer?.name;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span>
        Only the tickets assigned to <strong className="font-semibold">{name ?? 'one engineer'}</strong>
      </span>
      <Button variant="link" size="sm" className="h-auto p-0" onClick={onClear}>
        Show every engineer’s
      </Button>
    </p>
  );
}

export function TicketsTab() {
  const [status, setStatus] = useSearchParam('status', TICKET_STATUSES);
  const [search, setSearch, q] = useSearchText();
  const [paid, setPaid] = useSearchParam('paid', PAID_FILTERS);
  const [engineerId, setEngineerId] = useSearchId('engineer');
  const filters = { status, q, paid, engineerId };
  const query = useAdminTickets(filters);
  const tickets = query.data?.pages.flatMap((p) => p.tickets) ?? [];
  // One layout in the page, not both with one hidden: a long list holds twice the elements otherwise.
  const wide = useMinWidth(ADMIN_MOBILE_BREAKPOINT_PX);
  // A screen that can turn narrower than that (a phone held upright) has the cards ready: turned
  // mid-list, the list does not give way to a loading state and take the scroll with it.
  useEffect(() => {
    if (Math.min(screen.width, screen.height) < ADMIN_MOBILE_BREAKPOINT_PX) void loadCards();
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <ListFilters>
        <SearchField
          value={search}
          onChange={setSearch}
          hint="Ticket number, customer name, email, phone or description"
          placeholder="RF-1001, Meera, 98765…"
          maxLength={200}
        />
        <FormField label="Filter by status" className="w-full sm:max-w-xs">
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
        <FormField label="₹299 fee" className="w-full sm:max-w-xs">
          <NativeSelect value={paid} onChange={(e) => setPaid(e.target.value as '' | 'true' | 'false')}>
            <option value="">Paid or not</option>
            <option value="true">₹299 paid</option>
            <option value="false">₹299 not paid</option>
          </NativeSelect>
        </FormField>
        <div className="sm:mt-7">
          <CsvDownloadButton filters={filters} />
        </div>
      </ListFilters>
      {engineerId && <EngineerFilter engineerId={engineerId} tickets={tickets} onClear={() => setEngineerId('')} />}
      {query.isPending ? (
        <LoadingState label="Loading tickets" />
      ) : !query.data ? (
        <ErrorState message="We could not load the tickets." onRetry={() => void query.refetch()} />
      ) : tickets.length === 0 ? (
        <EmptyState title="No tickets">
          {q.trim()
            ? `No ticket matches “${q.trim()}”${status ? ` among the ${statusLabel(status)} ones` : ''}.`
            : engineerId
              ? `No ${status ? `${statusLabel(status)} ` : ''}tickets assigned to this engineer.`
              : paid
                ? `No ${status ? `${statusLabel(status)} ` : ''}tickets with the ₹299 fee ${paid === 'true' ? 'paid' : 'unpaid'}.`
                : status
                  ? `No ${statusLabel(status)} tickets.`
                  : 'Tickets appear here once customers book.'}
        </EmptyState>
      ) : (
        <>
          {wide ? (
            <TicketTable tickets={tickets} />
          ) : (
            <LazyPart label="Loading tickets">
              <TicketCards tickets={tickets} />
            </LazyPart>
          )}
          <LoadMore pages={query} label="tickets" />
        </>
      )}
    </div>
  );
}
