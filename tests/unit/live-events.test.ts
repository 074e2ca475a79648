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
  beforeEach(() => {
    vi.useFakeTimers();
    server = fakeEventServer();
    // The stream library schedules its retries on `window`, and lets go of `document`'s listener when stopped.
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('document', { addEventListener: () => {}, removeEventListener: () => {} });
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
    server.say(0, 'event: ticket\ndata: {}\n\n');
    await settle();
    expect(on.onTicket).toHaveBeenCalledTimes(1);
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
    expect(on.onTicket).toHaveBeenCalledTimes(2);

    // Closed by the page: no watchdog or retry opens it again.
    close();
    await vi.advanceTimersByTimeAsync(10 * SILENCE_MS);
    await settle();
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });
});
