import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_HEARTBEAT_MS } from '../../src/shared/live-events.js';
import { openLiveEvents, SILENCE_MS } from '../../src/web/lib/live-events.js';

/**
 * A stand-in for the browser's fetch of GET /api/events: each call answers an open event stream and
 * hands the test its controller, so the test decides what the "server" says and when; an aborted
 * request fails its body the way a browser's does.
 */
function fakeEventServer() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.push(controller);
        init?.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  const say = (i: number, text: string) => streams[i]?.enqueue(new TextEncoder().encode(text));
  return { fetch, say };
}

const handlers = () => ({ onOpen: vi.fn(), onTicket: vi.fn(), onSessionEnded: vi.fn() });

/** Lets the stream's promises (reads, the library's retry scheduling) run between timer steps. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('the live event stream in the browser', () => {
  let server: ReturnType<typeof fakeEventServer>;
  let win: EventTarget;
  let doc: EventTarget & { hidden: boolean; visibilityState: string };
  beforeEach(() => {
    vi.useFakeTimers();
    server = fakeEventServer();
    // The stream library schedules its retries on `window`; the page listens there for `online` and
    // on `document` for the tab shown again.
    win = Object.assign(new EventTarget(), {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    });
    doc = Object.assign(new EventTarget(), { hidden: false, visibilityState: 'visible' });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits longer than two heartbeats before it gives up on a quiet stream', () => {
    expect(SILENCE_MS).toBeGreaterThan(2 * EVENT_HEARTBEAT_MS);
  });

  it('keeps a stream that sends its heartbeat, and drops and reopens one that falls silent', async () => {
    const on = handlers();
    const close = openLiveEvents('token', on);
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(on.onOpen).toHaveBeenCalledTimes(1);

    // Heartbeats keep it: well past SILENCE_MS in all, never that long without one.
    for (let t = 0; t < 3 * SILENCE_MS; t += EVENT_HEARTBEAT_MS) {
      await vi.advanceTimersByTimeAsync(EVENT_HEARTBEAT_MS);
      server.say(0, ': ping\n\n');
      await settle();
    }
    // Each event's data goes to the page as it came (ticket-list-rows.ts reads the ticket it names).
    const data = '{"ticketId":"4b7cd0c5-7d3e-4a51-9b1c-2f6b8c9d0e1f","kind":"status","at":"2026-01-01T00:00:00.000Z"}';
    server.say(0, `event: ticket\ndata: ${data}\n\n`);
    server.say(0, 'event: ticket\ndata: {}\n\nevent: ticket\ndata: not json\n\n');
    await settle();
    expect(on.onTicket.mock.calls).toEqual([[data], ['{}'], ['not json']]);
    expect(server.fetch).toHaveBeenCalledTimes(1);

    // Then nothing, as from a connection a proxy dropped without closing: it is asked for again, and
    // the reopened stream tells the page to refetch what it shows (onOpen).
    await vi.advanceTimersByTimeAsync(SILENCE_MS);
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(on.onOpen).toHaveBeenCalledTimes(2);
    server.say(1, 'event: ticket\ndata: {}\n\n');
    await settle();
    expect(on.onTicket).toHaveBeenCalledTimes(4);

    // Closed by the page: no watchdog or retry opens it again.
    close();
    await vi.advanceTimersByTimeAsync(10 * SILENCE_MS);
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  /** The network is down: every try fails before an answer, as a browser's fetch does offline. */
  /**
   * The open stream's network goes away for two minutes: every try fails before an answer, as a
   * browser's fetch does offline, and the waits between tries grow to their longest. Answers how many
   * tries there have been.
   */
  const networkGoneAWhile = async () => {
    server.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await vi.advanceTimersByTimeAsync(SILENCE_MS);
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    return server.fetch.mock.calls.length;
  };
  /** The network is back: each try answers an open stream again. */
  const networkBack = () => server.fetch.mockImplementation(fakeEventServer().fetch);

  it('opens the stream at once when the network comes back, not after its longest wait', async () => {
    const on = handlers();
    const close = openLiveEvents('token', on);
    await settle();
    expect(on.onOpen).toHaveBeenCalledTimes(1);

    // The connection drops and the network is gone for a while: the waits between tries grow.
    const triesWhileDown = await networkGoneAWhile();
    expect(triesWhileDown).toBeGreaterThan(3);

    // Back online: the stream opens now, and the page refetches what it missed.
    networkBack();
    win.dispatchEvent(new Event('online'));
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(triesWhileDown + 1);
    expect(on.onOpen).toHaveBeenCalledTimes(2);

    // Only one stream: the retry that was waiting (at most 30 s) does not open a second.
    await vi.advanceTimersByTimeAsync(Math.min(31_000, SILENCE_MS - 1));
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(triesWhileDown + 1);

    // A connection that looks open may be dead after the network changed: `online` opens a new one.
    win.dispatchEvent(new Event('online'));
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(triesWhileDown + 2);
    expect(on.onOpen).toHaveBeenCalledTimes(3);

    close();
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * SILENCE_MS);
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(triesWhileDown + 2);
  });

  it('tries again when the tab is shown while a retry waits, and leaves an open stream alone', async () => {
    const on = handlers();
    openLiveEvents('token', on);
    await settle();
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(1);

    const tries = await networkGoneAWhile();

    networkBack();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(tries);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(tries + 1);
    expect(on.onOpen).toHaveBeenCalledTimes(2);
  });

  it('stays closed after the server refuses the session, whatever the browser says', async () => {
    const on = handlers();
    server.fetch.mockImplementation(async () => new Response('{}', { status: 401 }));
    openLiveEvents('token', on);
    await settle();
    expect(on.onSessionEnded).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('online'));
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });
});
