import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import type { EventStreams } from './streams.js';

/** GET /api/events: the caller's live ticket events (DECISIONS.md §7.1). */
export async function eventRoutes(app: ZodApp, { streams }: { streams: EventStreams }) {
  app.get('/api/events', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['events'],
      summary:
        'Server-sent events: `event: ticket` with `{ ticketId, kind, at }` for each committed change to a ticket you may read; a comment line every 20 s; ends when your session does',
      security: [{ bearer: [] }],
      produces: ['text/event-stream'],
      response: { ...errors(401) },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
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
        remove();
        res.end();
      };
      const remove = streams.add({
        user: { id: user.id, role: user.role, tokenVersion: user.tokenVersion },
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
