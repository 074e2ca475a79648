import { afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_POOL_MAX } from '../../src/server/config.js';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { errorHandlerPlugin } from '../../src/server/plugins/error-handler.js';
import Fastify from 'fastify';
import pg from 'pg';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

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

/**
 * The time limits on every call (DECISIONS.md §7.6, issue 26 item 4): the server cancels a statement
 * at the statement timeout; a connection that stops answering (a TCP proxy that freezes it) is given
 * up a second later and closed, so a transaction on it fails once, not twice, and the pool opens a
 * fresh connection for the next query instead of lending the stuck one; the migrations have no limit.
 */
let proxy: TcpProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

/** A fresh database, and the app's handle on it through a TCP proxy, with this statement timeout. */
async function openThroughProxy(statementTimeoutMs: number, poolMax = 1) {
  const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', 'rf_pool');
  const upstream = new URL(fresh.url);
  proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
  const database = openDatabase({ url: proxy.urlFor(fresh.url), poolMax, statementTimeoutMs });
  cleanup = async () => {
    await database.close();
    await fresh.drop();
  };
  return { database, url: fresh.url, proxy };
}

/** How long `work` took, and its error if it failed. */
async function elapsed(work: Promise<unknown>): Promise<{ ms: number; err: unknown }> {
  const started = Date.now();
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { ms: Date.now() - started, err };
}

/** The SQLSTATE of a driver error, on it or on the error drizzle wraps it in. */
const sqlState = (err: unknown) =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;

it.skipIf(!onPostgres)('cancels a statement that outruns the statement timeout (57014)', async () => {
  const { database } = await openThroughProxy(300);
  const { ms, err } = await elapsed(database.db.execute(sql`select pg_sleep(3)`));
  expect(sqlState(err)).toBe('57014');
  expect(ms).toBeLessThan(1500);
});

it.skipIf(!onPostgres)(
  'answers a request whose statement was cancelled at the limit 503 { error }, with Retry-After',
  async () => {
    const { database } = await openThroughProxy(300);
    const app = Fastify();
    try {
      await app.register(errorHandlerPlugin);
      app.get('/slow', async () => database.db.execute(sql`select pg_sleep(3)`));
      const res = await app.inject({ method: 'GET', url: '/slow' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: expect.stringMatching(/try again/i) as unknown });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  },
);

it.skipIf(!onPostgres)(
  'gives up on a connection that stops answering mid-transaction, once, and the next query gets a fresh one',
  async () => {
    const { database, proxy: frozen } = await openThroughProxy(500);
    const stuck = await elapsed(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        frozen.freeze('existing');
        await tx.execute(sql`select 2`);
      }),
    );
    // drizzle's error for the ROLLBACK, caused by the closed connection: what the error handler answers 503 for.
    const cause = (stuck.err as { cause?: unknown }).cause;
    expect(String(cause)).toMatch(/Query read timeout|Connection terminated|not queryable/i);
    // 0.5 s and the client's 1 s of grace, then no second wait for the ROLLBACK on that connection.
    expect(stuck.ms).toBeLessThan(2500);

    // The pool has one connection: a new one, not the frozen one lent again.
    const next = await elapsed(database.db.execute(sql`select 1`));
    expect(next.err).toBeUndefined();
    expect(next.ms).toBeLessThan(1000);
  },
);

it.skipIf(!onPostgres)('runs the migrations without the limit: they wait for another instance’s', async () => {
  const { database, url } = await openThroughProxy(200);
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query('select pg_advisory_lock(727001)');
    const migrating = database.migrate();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await other.query('select pg_advisory_unlock(727001)');
    await migrating;
  } finally {
    await other.end();
  }
  const { err } = await elapsed(database.db.execute(sql`select count(*) from users`));
  expect(err).toBeUndefined();
});
