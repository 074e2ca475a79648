import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { countHit } from '../db/rate-limits.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's counters in the database (`rate_limits`), so every instance counts against
 * the same budget (DECISIONS.md §7.6); its own store keeps them in each process's memory.
 *
 * Each limit is a child store named by its `groupId` (the counters of all limits share one table):
 * a limit without one is refused when the app starts, as it would share another's counters.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly name?: string,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      if (!this.name) {
        callback(new Error('rate limit without a groupId'));
        return;
      }
      countHit(db, `${this.name}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    // The plugin passes the limit's own options merged over its defaults (its types call them route options).
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { groupId } = options as { groupId?: unknown };
      if (typeof groupId !== 'string' || !groupId) {
        throw new Error('Every rate limit needs a groupId: it names the limit’s counters in the database');
      }
      return new DatabaseStore({}, groupId);
    }
  }
  return DatabaseStore;
}
