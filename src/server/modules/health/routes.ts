import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { unavailable } from '../../lib/errors.js';

export async function healthRoutes(app: ZodApp, { database }: { database: Database }) {
  app.get('/healthz', {
    config: { access: 'public', rateLimit: false },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database check',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        ...errors(503),
      },
    },
    handler: async () => {
      try {
        await database.ping();
      } catch {
        throw unavailable('Database unavailable');
      }
      return { status: 'ok' as const, database: database.kind };
    },
  });
}
