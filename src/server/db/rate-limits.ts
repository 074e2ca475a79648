import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

export interface Hit {
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  ttlMs: number;
}

/**
 * Counts one hit on `key` in the shared `rate_limits` table, in one atomic statement, and answers
 * the count so far: a window of `windowMs` starts at the first hit (or the first after the last one
 * ended). The database's clock decides, so instances whose clocks differ still agree.
 *
 * `hold`: when the hit that makes the count `hold.at` arrives, the window is stretched to end no
 * sooner than `hold.ms` from then (a lock that lasts at least that long, however late in its
 * window it came).
 */
export async function countHit(db: Db, key: string, windowMs: number, hold?: { at: number; ms: number }): Promise<Hit> {
  const result = await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case
        when r.reset_at <= now() then excluded.reset_at
        when r.count + 1 = ${hold?.at ?? null}::int
          then greatest(r.reset_at, now() + ${hold?.ms ?? 0}::float8 * interval '1 millisecond')
        else r.reset_at
      end
    returning r.count, greatest(0, ceil(extract(epoch from r.reset_at - now()) * 1000))::int as ttl_ms`);
  const [row] = (result as unknown as { rows: { count: number; ttl_ms: number }[] }).rows;
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: Number(row.count), ttlMs: Number(row.ttl_ms) };
}

/** Takes one hit back (a hit that turned out not to count, e.g. a login that succeeded). */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and reset_at > now()`);
}

/**
 * Deletes counters whose window has ended. Rows another statement holds are skipped, not waited
 * for, so sweeps on several instances and the hits themselves never wait on each other in a cycle.
 */
export async function sweepRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from rate_limits where key in (
      select key from rate_limits where reset_at < now() limit 10000 for update skip locked
    )`);
  // node-postgres says rowCount, PGlite affectedRows.
  const { rowCount, affectedRows } = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}
