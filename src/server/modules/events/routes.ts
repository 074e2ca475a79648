import { AppError } from '../../lib/errors.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { createSlots } from '../../lib/slots.js';
import { requireSession, requireUser } from '../../plugins/auth.js';
import type { EventStreams } from './streams.js';

/** The longest delay a Node timer takes (about 24.8 days); a token lives 7. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** GET /api/events: the caller's live ticket events (DECISIONS.md §7.1). */
export async function eventRoutes(app: ZodApp, { streams, perAccount }: { streams: EventStreams; perAccount: number }) {
  // A tab holds one stream; without a bound, one token could open connections until none were left.
  const slots = createSlots(
    perAccount,
    () => new AppError(429, 'Too many live updates are open for your account: close some of its tabs'),
  );

  app.get('/api/events', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['events'],
      summary:
        'Server-sent events: `event: ticket` with `{ ticketId, kind, at }` for each committed change to a ticket you may read; a comment line every 20 s; ends when your session does, its token’s expiry included; 429 past the streams one account may hold open (EVENT_STREAMS_PER_ACCOUNT)',
      security: [{ bearer: [] }],
      produces: ['text/event-stream'],
      response: { ...errors(401, 429) },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const { expiresAt, sessionId } = requireSession(request);
      const release = slots.take(user.id);
      // The connection is the stream's from here on: Fastify does not answer it.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // A reverse proxy must pass each event on as it comes, not collect the answer first.
        'x-accel-buffering': 'no',
        // The connection ends with the stream: kept alive, it would hold a shutdown's drain.
        connection: 'close',
      });
      res.flushHeaders();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearTimeout(expiry);
        remove();
        release();
        res.end();
      };
      // The session ends when its token does, as any other request would then be refused.
      const expiry = setTimeout(end, Math.min(MAX_TIMER_MS, expiresAt - Date.now()));
      expiry.unref();
      const remove = streams.add({
        user: { id: user.id, role: user.role, tokenVersion: user.tokenVersion, sessionId },
        write: (chunk) => void (ended || res.write(chunk)),
        end,
      });
      // Sent at once, so the client knows the stream is open (and proxies start passing it on).
      res.write(': open\n\n');
      request.raw.on('close', end);
      res.on('close', end);
    },
  });
}
