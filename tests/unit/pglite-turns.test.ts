import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.js';

/**
 * PGlite runs in this process: a query is synchronous WebAssembly, and its queue hands the next query
 * on in a microtask. Without turn-taking, a burst of queries ran back to back in one event-loop turn
 * and nothing else (reading a request, an argon2 result, a timer) ran until the whole burst was done:
 * under the soak's bookings, a login waited seconds for turns of 300 ms.
 */
describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite turn-taking', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({ memory: true });
    await database.migrate();
  });
  afterAll(() => database.close());

  const work = () => database.db.execute(sql`select count(*) from generate_series(1, 20000)`);

  it('lets the event loop run between the queries of a burst', async () => {
    const BURST = 40;
    let finished = 0;
    const burst = Array.from({ length: BURST }, () => work().then(() => finished++));
    // Issued after the burst, like I/O arriving while it runs.
    const seenByTimer = new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(burst);
    expect(finished).toBe(BURST);
    expect(await seenByTimer).toBeLessThan(5);
  });

  it('keeps queries in order and a transaction whole', async () => {
    const order: string[] = [];
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`select 1`);
      order.push('tx 1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.execute(sql`select 2`);
      order.push('tx 2');
    });
    const after = work().then(() => order.push('after'));
    await Promise.all([tx, after]);
    expect(order).toEqual(['tx 1', 'tx 2', 'after']);
  });

  it('a failing query does not hold up the next one', async () => {
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    await expect(work()).resolves.toBeTruthy();
  });
});
