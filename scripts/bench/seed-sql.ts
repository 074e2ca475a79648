/**
 * The bench seeder's SQL plumbing: the one row a query answers, and the runner of the load's statements,
 * which prints each one's time when BENCH_SEED_VERBOSE=1.
 */
import { performance } from 'node:perf_hooks';
import type { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';

export type Query = ReturnType<typeof sql>;

/** Runs one labelled statement of the load. */
export type RunStep = (label: string, query: Query) => Promise<unknown>;

export const one = async <T>(db: Db, query: Query): Promise<T> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  const row = result.rows[0];
  if (!row) throw new Error('query returned no row');
  return row;
};

/** A runner of statements on `tx`; verbose, each one's time is counted from the previous one (or from here). */
export function stepRunner(tx: Db): RunStep {
  let mark = performance.now();
  return async (label, query) => {
    const r = await tx.execute(query);
    if (process.env.BENCH_SEED_VERBOSE) {
      const now = performance.now();
      console.warn(`  ${(now - mark).toFixed(0).padStart(6)} ms  ${label}`);
      mark = now;
    }
    return r;
  };
}
