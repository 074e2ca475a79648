import type { PGlite } from '@electric-sql/pglite';

/** What drizzle's PGlite session calls on its client. */
export type PgliteQueries = Pick<PGlite, 'query' | 'transaction'>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs in this process: a query is synchronous WebAssembly, and PGlite's own queue hands the
 * next query on in a microtask, so a burst of queries runs back to back in one event-loop turn while
 * nothing else does (no request is read, no argon2 result or timer is handled). Under a burst of
 * bookings those turns grew long enough that logins timed out waiting for their share.
 *
 * Here queries and transactions take turns: one at a time, in the order they were asked for, the next
 * starting on a later turn of the event loop (setImmediate), so I/O is handled between any two. A
 * transaction is one turn however long it runs, as PGlite holds its lock for it anyway. A query made
 * when nothing is queued starts at once.
 */
export function takingTurns(client: PGlite): PgliteQueries {
  let queued = 0;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queued === 0 ? run() : last.then(nextTurn).then(run);
    queued++;
    const settled = result.then(
      () => void queued--,
      () => void queued--,
    );
    last = settled;
    return result;
  };
  return {
    query: ((...args: Parameters<PGlite['query']>) => inTurn(() => client.query(...args))) as PGlite['query'],
    transaction: ((callback: Parameters<PGlite['transaction']>[0]) =>
      inTurn(() => client.transaction(callback))) as PGlite['transaction'],
  };
}
