import { afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_POOL_MAX } from '../../src/server/config.js';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';

/**
 * DATABASE_POOL_MAX: however many queries run at once, one instance holds at most that many
 * PostgreSQL connections, and the others wait their turn instead of failing. Counted by PostgreSQL
 * itself (pg_stat_activity of a database only this test uses), from inside the queries.
 */

const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function openFresh(poolMax?: number): Promise<Database> {
  const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', 'rf_pool');
  const database = openDatabase(poolMax === undefined ? { url: fresh.url } : { url: fresh.url, poolMax });
  cleanup = async () => {
    await database.close();
    await fresh.drop();
  };
  return database;
}

/** Runs `count` queries at once; each sleeps a little and reports how many connections the database has. */
async function connectionsSeen(database: Database, count: number): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      database.db.execute(sql`
        select count(*)::int as n
        from pg_stat_activity, pg_sleep(0.05)
        where datname = current_database() and backend_type = 'client backend'`),
    ),
  );
  return answers.map((a) => (a as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

it.skipIf(!onPostgres)(
  'opens at most the given number of connections; the other queries wait and succeed',
  async () => {
    const database = await openFresh(2);
    const seen = await connectionsSeen(database, 12);
    expect(seen).toHaveLength(12);
    expect(Math.max(...seen)).toBe(2);
  },
);

it.skipIf(!onPostgres)(`opens at most DEFAULT_POOL_MAX (${DEFAULT_POOL_MAX}) connections by default`, async () => {
  const database = await openFresh();
  const seen = await connectionsSeen(database, DEFAULT_POOL_MAX * 3);
  expect(Math.max(...seen)).toBe(DEFAULT_POOL_MAX);
});
