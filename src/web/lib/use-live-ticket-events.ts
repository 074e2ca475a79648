import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionEnded } from './api-client';
import { useToken } from './auth';
import { openLiveEvents } from './live-events';
import { showsTickets } from './ticket-query-keys';

/** A burst of events (a page of tickets changed at once) asks each list again once, not per event. */
const COALESCE_MS = 250;

/** Whether the query is loading a further page (Load more) at this moment. */
const addingPage = (q: Query) => q.state.fetchStatus === 'fetching' && q.state.fetchMeta?.fetchMore !== undefined;

/**
 * Marks every ticket query stale, asking again those on screen (in place: the rows keep their
 * state, focus and scroll). `olderThan`: only answers loaded before then. A query loading a further
 * page is asked again once that page is in: cancelling it would drop the press of Load more.
 */
function refreshTickets(client: QueryClient, olderThan?: number) {
  const outdated = (q: Query) =>
    showsTickets(q.queryKey) &&
    (olderThan === undefined || (q.state.data !== undefined && q.state.dataUpdatedAt < olderThan));
  void client.invalidateQueries({ predicate: (q) => outdated(q) && !addingPage(q) });
  for (const q of client.getQueryCache().findAll({ predicate: (q) => outdated(q) && addingPage(q) })) {
    void q.promise?.catch(() => undefined).then(() => client.invalidateQueries({ queryKey: q.queryKey, exact: true }));
  }
}

/**
 * Keeps the ticket lists on screen current (DECISIONS.md §7.1): while `enabled` (a signed-in
 * dashboard is mounted), the tab holds one event stream, and each ticket event refreshes them. Each
 * time the stream opens, what was loaded before it was asked for is refreshed too: a reconnect may
 * have missed events, and a list kept in the cache from an earlier visit has. The stream closes on
 * unmount and when the session changes; a token the server refuses signs out as any call's would.
 */
export function useLiveTicketEvents(enabled: boolean) {
  const client = useQueryClient();
  const token = useToken();
  useEffect(() => {
    if (!enabled || !token) return;
    let pending: number | undefined;
    const close = openLiveEvents(token, {
      onOpen: (requestedAt) => refreshTickets(client, requestedAt),
      onTicket: () => {
        pending ??= window.setTimeout(() => {
          pending = undefined;
          refreshTickets(client);
        }, COALESCE_MS);
      },
      onSessionEnded: () => sessionEnded(token),
    });
    return () => {
      close();
      window.clearTimeout(pending);
    };
  }, [client, enabled, token]);
}
