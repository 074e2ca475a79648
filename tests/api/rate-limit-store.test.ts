import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseJobs } from '../../src/server/db/jobs.js';
import { countHit, sweepRateLimits } from '../../src/server/db/rate-limits.js';
import { databaseRateLimitStore } from '../../src/server/plugins/rate-limit-store.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keys = async () =>
  (
    (await t.database.db.execute(
      sql`select key from rate_limits where key like 'store-test:%' order by key`,
    )) as unknown as {
      rows: { key: string }[];
    }
  ).rows.map((r) => r.key);

/** The shared counters under the rate limits (DECISIONS.md §7.6): what one hit counts, and their upkeep. */
describe('rate-limit counters in the database', () => {
  it('counts hits in a window that starts at the first, and starts again once it has ended', async () => {
    const db = t.database.db;
    const first = await countHit(db, 'store-test:window', 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(55_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await countHit(db, 'store-test:window', 60_000)).count).toBe(2);
    await db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'store-test:window'`,
    );
    expect((await countHit(db, 'store-test:window', 60_000)).count).toBe(1);
  });

  it('keeps its counters out of the write-ahead log (an unlogged table: a hit waits for no disk flush)', async () => {
    const result = (await t.database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limits' and relkind = 'r'`,
    )) as unknown as { rows: { relpersistence: string }[] };
    expect(result.rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('counts hits sent all at once exactly', async () => {
    const db = t.database.db;
    const hits = await Promise.all(Array.from({ length: 20 }, () => countHit(db, 'store-test:burst', 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('the sweep deletes the counters whose window has ended and keeps the others', async () => {
    const db = t.database.db;
    await countHit(db, 'store-test:ended', 60_000);
    await countHit(db, 'store-test:live', 60_000);
    await db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'store-test:ended'`);
    expect(await sweepRateLimits(db)).toBeGreaterThanOrEqual(1);
    const left = await keys();
    expect(left).toContain('store-test:live');
    expect(left).not.toContain('store-test:ended');
  });

  it('the sweep is the queue’s job, scheduled every minute once for all instances (no timer on each)', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = 'rate-limits.sweep'`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ cron: '* * * * *' }]);
    const sweep = databaseJobs(t.database).find((job) => job.name === 'rate-limits.sweep');
    await countHit(t.database.db, 'store-test:job', 60_000);
    await t.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'store-test:job'`,
    );
    const context = { id: 'job', log: t.app.log, stopping: () => false };
    expect(await sweep?.handler({}, context)).toMatchObject({ deleted: expect.any(Number) });
    expect(await keys()).not.toContain('store-test:job');
  });

  it('refuses a limit without a groupId at start: its counters would mix with another limit’s', async () => {
    const app = Fastify();
    try {
      await app.register(rateLimit, { global: false, store: databaseRateLimitStore(t.database.db) });
      await app.after();
      expect(() => app.rateLimit({ max: 1, timeWindow: 60_000 })).toThrow(/groupId/);
      expect(() => app.rateLimit({ max: 1, timeWindow: 60_000, groupId: 'named' })).not.toThrow();
    } finally {
      await app.close();
    }
  });
});
