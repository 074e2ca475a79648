import { type InfiniteData, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { Ticket, TicketsResponse } from '@shared/contracts/tickets';
import { showsTickets } from './ticket-query-keys';
import { afterFetch, refresh, refreshTickets } from './use-live-ticket-events';

/** Whether `a` comes before `b` in every list's order: newest first, then the greater id. */
const before = (a: Ticket, b: Ticket) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/**
 * A list's loaded pages with one ticket as the list now answers it: `row` where it was, or where the
 * order puts it among the loaded rows (a ticket that sorts after them all, while more pages remain, is
 * left for Load more to bring); without it when the list no longer holds it (`row` undefined). The
 * data itself when nothing changes.
 */
export function withTicketRow(
  data: InfiniteData<TicketsResponse>,
  id: string,
  row: Ticket | undefined,
): InfiniteData<TicketsResponse> {
  let changed = false;
  const pages = data.pages.map((page) => {
    const tickets = page.tickets.filter((t) => t.id !== id);
    changed ||= tickets.length !== page.tickets.length;
    return { ...page, tickets };
  });
  if (row) {
    const page = pages.find((p) => p.tickets.some((t) => before(row, t)));
    if (page)
      page.tickets.splice(
        page.tickets.findIndex((t) => before(row, t)),
        0,
        row,
      );
    else if (!data.pages.at(-1)?.nextCursor) pages.at(-1)?.tickets.push(row);
    changed ||= Boolean(page) || !data.pages.at(-1)?.nextCursor;
  }
  return changed ? { ...data, pages } : data;
}

/** More changed tickets than this at once (a page changed together): the lists are asked again whole. */
const MAX_ROWS = 5;

/** The newest refresh of each ticket (its round): an older one's answer, coming in after it, is dropped. */
const latest = new Map<string, number>();
let rounds = 0;

/** The ticket an event's data names, if it can be read. */
function ticketIdOf(data: string): string | undefined {
  try {
    const id: unknown = (JSON.parse(data) as { ticketId?: unknown } | null)?.ticketId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Brings the ticket queries up to date after a batch of live events (their data). A paged list on
 * screen with more than its first page loaded asks for each changed ticket alone (its `ticketRow`)
 * and puts it into its rows: asked again whole, it would fetch every page it has loaded, on each
 * event. A query of one ticket (its `ticketId`: its page, its receipts, its history) is asked again
 * only for an event about that ticket; any other query is asked again, and every one when an event's
 * ticket cannot be read.
 */
export async function refreshFromEvents(client: QueryClient, events: string[]) {
  const ids = events.map(ticketIdOf);
  if (ids.includes(undefined)) return refreshTickets(client);
  const changed = [...new Set(ids as string[])];
  const round = ++rounds;
  for (const id of changed) latest.set(id, round);
  const queries = client.getQueryCache().findAll({ predicate: (q) => showsTickets(q.queryKey) });
  await Promise.all(
    queries.map(async (q) => {
      if (q.meta?.ticketId && !changed.includes(q.meta.ticketId)) return;
      const ticketRow = q.meta?.ticketRow;
      const pages = (q.state.data as InfiniteData<unknown> | undefined)?.pages?.length ?? 0;
      if (!ticketRow || pages < 2 || changed.length > MAX_ROWS || !q.isActive()) return refresh(client, q);
      let rows: [string, Ticket | undefined][];
      try {
        rows = await Promise.all(changed.map(async (id) => [id, await ticketRow(id)] as [string, Ticket | undefined]));
      } catch {
        // Offline: only marked stale, as the stream's reopen asks for everything once the line is back.
        if (!onlineManager.isOnline())
          return void client.invalidateQueries({ queryKey: q.queryKey, exact: true, refetchType: 'none' });
        return refresh(client, q);
      }
      // A Load more under way would put back the rows it started from.
      await afterFetch(q);
      // Its time stays that of its last whole answer: a reconnect asks again all it may have missed.
      client.setQueryData<InfiniteData<TicketsResponse>>(
        q.queryKey,
        (data) => rows.reduce((d, [id, row]) => (d && latest.get(id) === round ? withTicketRow(d, id, row) : d), data),
        { updatedAt: q.state.dataUpdatedAt },
      );
    }),
  );
  for (const id of changed) if (latest.get(id) === round) latest.delete(id);
}
