import { z } from 'zod';
import { defineJob } from '../jobs/definition.js';
import type { Database } from './client.js';
import { sweepRateLimits } from './rate-limits.js';

/**
 * The database's own upkeep, as scheduled jobs.
 *
 * PGlite's upkeep (`Database.maintain`, `autovacuum.ts`) as a scheduled job, every minute as
 * PostgreSQL's autovacuum looks (its `autovacuum_naptime`). PGlite only: PostgreSQL's own autovacuum
 * does this there. The first pass after a start (until one succeeds) looks at every table, as PGlite
 * does not keep its counts across a restart. A failed pass is not retried: the next minute's is.
 */
export function databaseJobs(database: Pick<Database, 'db' | 'kind' | 'maintain'>) {
  let everyTable = true;
  return [
    defineJob({
      name: 'db.upkeep',
      payload: z.object({}),
      cron: database.kind === 'pglite' ? '* * * * *' : null,
      retryLimit: 0,
      retryDelay: 1,
      async handler(_payload, { log }) {
        const started = performance.now();
        const { ran } = await database.maintain({ everyTable });
        everyTable = false;
        if (ran.length > 0) log.info({ ran, ms: Math.round(performance.now() - started) }, 'autovacuum');
        return { ran };
      },
    }),
    /**
     * The rate limits' counters whose window has ended (`rate-limits.ts`), deleted every minute
     * outside the requests, so each hit stays one statement. A failed sweep is not retried: the next
     * minute's is.
     */
    defineJob({
      name: 'rate-limits.sweep',
      payload: z.object({}),
      cron: '* * * * *',
      retryLimit: 0,
      retryDelay: 1,
      handler: async () => ({ deleted: await sweepRateLimits(database.db) }),
    }),
  ];
}
