import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionEnded } from './api-client';
import { useToken } from './auth';
import { openLiveEvents } from './live-events';
import { showsTickets } from './ticket-query-keys';

/** A burst of events (a page of tickets changed at once) asks each list again once, not per event. */
const COALESCE_MS = 250;

/**
 * Marks every ticket query stale, asking again those on screen (in place: the rows keep their
 * state, focus and scroll). `olderThan`: only answers loaded before then. A query with a fetch
 * under way is asked again once that fetch is in, not cancelled: a Load more would be dropped.
 */
export function refreshTickets(client: QueryClient, olderThan?: number) {
  const queries = client.getQueryCache().findAll({
    predicate: (q) =>
      showsTickets(q.queryKey) &&
      (olderThan === undefined || (q.state.data !== undefined && q.state.dataUpdatedAt < olderThan)),
  });
  for (const q of queries) refresh(client, q);
}

/** Asks the query again (marks it stale, when not on screen), once a fetch under way is in. */
export function refresh(client: QueryClient, q: Query) {
  const again = () => client.invalidateQueries({ queryKey: q.queryKey, exact: true });
  void afterFetch(q).then(again);
}

/** Once the query's latest fetch is in (at once when none is under way). */
export const afterFetch = (q: Query) =>
  Promise.resolve(q.promise).then(
    () => undefined,
    () => undefined,
  );

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
    // The data of the events since the last refresh.
    const events: string[] = [];
    const close = openLiveEvents(token, {
      onOpen: (requestedAt) => refreshTickets(client, requestedAt),
      onTicket: (data) => {
        events.push(data);
        pending ??= window.setTimeout(() => {
          pending = undefined;
          const batch = events.splice(0);
          // Loaded with the first event: a page that never gets one does without it.
          void import('./ticket-list-rows').then(
            (rows) => rows.refreshFromEvents(client, batch),
            () => refreshTickets(client),
          );
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
