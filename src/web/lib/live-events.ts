import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { EVENT_HEARTBEAT_MS } from '@shared/live-events';

export interface LiveEventHandlers {
  /**
   * The stream is open (again). `requestedAt` is when this connection was asked for: an answer
   * loaded before then may have missed a change no event will repeat.
   */
  onOpen(requestedAt: number): void;
  /** A ticket the caller may see has changed: `data` names it (`{"ticketId": …, "kind": …, "at": …}`). */
  onTicket(data: string): void;
  /** The server refused the token (401): the session has ended. The stream stays closed. */
  onSessionEnded(): void;
}

/** Thrown to stop for good: reconnecting cannot help. */
class Refused extends Error {}

/** Reconnect delays: 1 s doubling to 30 s. */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * A stream that has said nothing, not even its heartbeat, for this long is taken as dead: a laptop
 * that slept, a network that changed or a proxy that dropped the connection without closing it
 * leave the browser waiting on a socket that will never speak again, and the page would stop
 * being live without a word.
 */
export const SILENCE_MS = 2 * EVENT_HEARTBEAT_MS + 5_000;

/**
 * Opens the caller's event stream (`GET /api/events`, DECISIONS.md §7.1) and keeps it open: after a
 * dropped connection, a stream the server ended (a restart, a deploy) or a failed answer it asks
 * again, later each time (jittered, so a restarted server is not met by every tab at once), and from
 * the first delay again once a connection opens; a connection silent for SILENCE_MS is dropped and
 * asked for again the same way. Two signs from the browser do not wait for either: when the network
 * comes back (`online`) the stream is opened afresh at once, as the old connection may be dead
 * without a word; when the tab is shown again while a retry is waiting, it is tried now. It stops on
 * 401/403, and when the returned function is called.
 */
export function openLiveEvents(token: string, handlers: LiveEventHandlers): () => void {
  let failures = 0;
  let requestedAt = 0;
  let waiting = false;
  // The library aborts its own request only when it is stopped: this one, per connection, lets the
  // watchdog drop a silent connection, which the library then retries like any failed one.
  let connection: AbortController | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(watchdog);
    const current = connection;
    watchdog = setTimeout(() => current?.abort(), SILENCE_MS);
  };
  const quiet = () => clearTimeout(watchdog);
  // One run of the library: stopping it also cancels a retry it has scheduled.
  let run: AbortController | undefined;

  const connect = () => {
    run?.abort();
    const current = new AbortController();
    run = current;
    fetchEventSource('/api/events', {
      headers: { authorization: `Bearer ${token}` },
      signal: current.signal,
      // Kept open in a background tab too: the lists are current when the tab is looked at again,
      // without every list asked again on each switch back. The library's default (closed while
      // hidden) also lets a retry pending at the switch open a second stream.
      openWhenHidden: true,
      fetch: (input, init) => {
        waiting = false;
        requestedAt = Date.now();
        const request = new AbortController();
        init?.signal?.addEventListener('abort', () => request.abort());
        connection = request;
        // A server that never answers counts as silent too.
        heard();
        return fetch(input, { ...init, signal: request.signal });
      },
      onopen: async (res) => {
        heard();
        if (res.status === 401 || res.status === 403) {
          if (res.status === 401) handlers.onSessionEnded();
          throw new Refused();
        }
        if (!res.ok || !res.headers.get('content-type')?.startsWith(EventStreamContentType)) {
          throw new Error(`GET /api/events answered ${res.status}`);
        }
        failures = 0;
        handlers.onOpen(requestedAt);
      },
      onmessage: (message) => {
        heard();
        // Comment lines (the heartbeat) arrive as nameless messages.
        if (message.event === 'ticket') handlers.onTicket(message.data);
      },
      onclose: () => {
        quiet();
        // The server ended the stream (shutting down, or the session ended: the next try says which).
        throw new Error('The event stream ended');
      },
      onerror: (err) => {
        quiet();
        if (err instanceof Refused) {
          stopAll();
          throw err; // stops the library's retries
        }
        waiting = true;
        const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures++);
        return ceiling / 2 + Math.random() * (ceiling / 2);
      },
    }).catch(() => {
      // Only a refusal ends up here; it has been handled above.
    });
  };

  const afresh = () => {
    failures = 0;
    connect();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && waiting) afresh();
  };
  window.addEventListener('online', afresh);
  document.addEventListener('visibilitychange', onVisible);
  function stopAll() {
    window.removeEventListener('online', afresh);
    document.removeEventListener('visibilitychange', onVisible);
    quiet();
    run?.abort();
  }
  connect();
  return stopAll;
}
