import type { LiveTicketEvent } from '../../src/shared/contracts/events.js';

/** An open GET /api/events, read as a browser would: each event parsed, comments kept apart. */
export interface OpenEventStream {
  status: number;
  events: Array<{ event: string; data: LiveTicketEvent }>;
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves once `count` ticket events have arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<void>;
  close(): void;
}

export async function openEventStream(base: string, headers: Record<string, string>): Promise<OpenEventStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: abort.signal });
  const stream: OpenEventStream = {
    status: res.status,
    events: [],
    comments: [],
    ended: Promise.resolve(),
    waitFor: async () => {},
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    return stream;
  }
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const settle = () => {
    for (const w of [...waiters])
      if (stream.events.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  stream.waitFor = (count, ms = 5000) =>
    new Promise<void>((resolve, reject) => {
      waiters.push({ count, resolve });
      settle();
      setTimeout(() => reject(new Error(`waited ${ms} ms for ${count} events, got ${stream.events.length}`)), ms);
    });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) stream.events.push({ event, data: JSON.parse(data) as LiveTicketEvent });
          settle();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

/** Gives a stream time to receive what it should not: the events it would get arrive within this. */
export const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 300));
