import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { defineJob } from '../../src/server/jobs/definition.js';
import { createJobs, type Jobs } from '../../src/server/jobs/queue.js';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import { freshDatabase } from '../support/test-app.js';

// The job queue (src/server/jobs/) on each database: a job enqueued in a transaction exists, and
// runs, if and only if the transaction commits; schedules; a stop that waits for running handlers.

let database: Database;
let drop: () => Promise<void>;
let jobs: Jobs<(typeof definitions)[number]>;
const ran: { note: string; id: string }[] = [];
let slow: { started: boolean; sawStopping: boolean; release?: () => void } = { started: false, sawStopping: false };
const log = pino({ level: 'silent' });

const definitions = [
  defineJob({
    name: 'test.note',
    payload: z.object({ note: z.string().min(1) }),
    retryLimit: 0,
    retryDelay: 1,
    handler: async ({ note }, { id }) => void ran.push({ note, id }),
  }),
  defineJob({
    name: 'test.slow',
    payload: z.object({}),
    retryLimit: 0,
    retryDelay: 1,
    cron: '0 3 * * *',
    async handler(_payload, { stopping }) {
      slow.started = true;
      while (!stopping()) await new Promise((resolve) => setTimeout(resolve, 20));
      slow.sawStopping = true;
    },
  }),
];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.db.execute(sql`create table notes (note text primary key)`);
  jobs = createJobs(database.openJobsConnection(), log, definitions, { pollingIntervalSeconds: 0.5 });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await drop?.();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Waits (up to 10 s) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('enqueue in the caller’s transaction', () => {
  it('a transaction that commits: the change and its job, which runs once with its payload', async () => {
    const id = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('committed')`);
      return jobs.enqueue(tx, 'test.note', { note: 'committed' });
    });
    await until(() => ran.some((r) => r.id === id));
    await pause(1500); // three more looks of the worker
    expect(ran.filter((r) => r.id === id)).toEqual([{ note: 'committed', id }]);
    expect(await rows(sql`select state from pgboss.job where id = ${id}::uuid`)).toEqual([{ state: 'completed' }]);
    expect(await rows(sql`select note from notes where note = 'committed'`)).toHaveLength(1);
  });

  it('a transaction that throws after enqueueing: neither the change nor the job', async () => {
    let id: string | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values ('rolled back')`);
        id = await jobs.enqueue(tx, 'test.note', { note: 'rolled back' });
        throw new Error('the change fails after its job was added');
      }),
    ).rejects.toThrow('the change fails');
    expect(id).toBeDefined(); // the job had been inserted, inside the transaction
    await pause(1500);
    expect(ran.filter((r) => r.note === 'rolled back')).toEqual([]);
    expect(await rows(sql`select id from pgboss.job where id = ${id}::uuid`)).toEqual([]);
    expect(await rows(sql`select note from notes where note = 'rolled back'`)).toEqual([]);
  });

  it('refuses a payload its schema refuses, and a job nobody defined', async () => {
    await expect(database.db.transaction((tx) => jobs.enqueue(tx, 'test.note', { note: '' }))).rejects.toThrow();
    await expect(
      // @ts-expect-error -- not one of the definitions
      database.db.transaction((tx) => jobs.enqueue(tx, 'test.unknown', {})),
    ).rejects.toThrow('No job is named test.unknown');
  });
});

describe('the queue', () => {
  it('keeps the schedules of its definitions', async () => {
    expect(await rows(sql`select name, cron from pgboss.schedule order by name`)).toEqual([
      { name: 'test.slow', cron: '0 3 * * *' },
    ]);
  });

  it('survives a script that fails inside its own transaction (PGlite has one session)', async () => {
    const connection = database.openJobsConnection();
    await expect(connection.executeSql('BEGIN; select 1/0; COMMIT;')).rejects.toThrow('division by zero');
    expect((await connection.executeSql('select 1 as one; select 2 as two')).rows).toEqual([{ one: 1 }, { two: 2 }]);
    expect(await rows(sql`select count(*)::int as n from notes`)).toEqual([{ n: 1 }]);
    await connection.close();
  });

  it('a database lost just as a job ends: the error is logged, the process goes on, the job stays active', async () => {
    // pg-boss 10 does not await the statement that records a job's outcome (queue.ts, isOutcome).
    const lines: string[] = [];
    let down = false;
    const real = database.openJobsConnection();
    const flaky = {
      executeSql: (text: string, values?: unknown[]) =>
        down ? Promise.reject(new Error('connection lost')) : real.executeSql(text, values),
      close: () => real.close(),
    };
    const lost = defineJob({
      name: 'test.lost',
      payload: z.object({}),
      retryLimit: 0,
      retryDelay: 1,
      handler: async () => void (down = true),
    });
    const other = createJobs(flaky, pino({ level: 'error' }, { write: (l: string) => void lines.push(l) }), [lost], {
      pollingIntervalSeconds: 0.5,
    });
    await other.start();
    try {
      const id = await database.db.transaction((tx) => other.enqueue(tx, 'test.lost', {}));
      await until(() => lines.some((l) => l.includes('outcome was not recorded')));
      down = false;
      expect(await rows(sql`select state from pgboss.job where id = ${id}::uuid`)).toEqual([{ state: 'active' }]);
    } finally {
      down = false;
      await other.stop();
    }
  });

  it('a batch: its jobs run together, each completes or fails on its own, and the last try is known', async () => {
    const seen: { n: number; lastAttempt: boolean | undefined }[] = [];
    const batch = defineJob({
      name: 'test.batch',
      payload: z.object({ n: z.number().int() }),
      retryLimit: 1,
      retryDelay: 1,
      batchSize: 4,
      handler: async ({ n }, { lastAttempt }) => {
        seen.push({ n, lastAttempt });
        if (n % 3 === 0) throw new Error(`job ${n} fails`);
        return { n };
      },
    });
    const other = createJobs(database.openJobsConnection(), log, [batch], { pollingIntervalSeconds: 0.5 });
    await other.start();
    try {
      const ids = await database.db.transaction(async (tx) => {
        const made: string[] = [];
        for (let n = 1; n <= 7; n++) made.push(await other.enqueue(tx, 'test.batch', { n }));
        return made;
      });
      const states = async () =>
        rows<{ id: string; state: string; retry_count: number }>(
          sql`select id, state, retry_count from pgboss.job where name = 'test.batch' order by created_on`,
        );
      await until(async () => (await states()).every((j) => j.state === 'completed' || j.state === 'failed'));
      const byId = new Map((await states()).map((j) => [j.id, j]));
      ids.forEach((id, i) => {
        const n = i + 1;
        // Each failing job tried twice (retryLimit 1), the second time as its last; the others once.
        expect(byId.get(id)?.state, `job ${n}`).toBe(n % 3 === 0 ? 'failed' : 'completed');
        expect(seen.filter((s) => s.n === n).map((s) => s.lastAttempt)).toEqual(n % 3 === 0 ? [false, true] : [false]);
      });
    } finally {
      await other.stop();
    }
  });

  it('stop() tells a running handler, waits for it, and leaves the database open', async () => {
    slow = { started: false, sawStopping: false };
    await database.db.transaction((tx) => jobs.enqueue(tx, 'test.slow', {}));
    await until(() => slow.started);
    const started = performance.now();
    await jobs.stop();
    expect(slow.sawStopping).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await rows(sql`select count(*)::int as n from notes`)).toEqual([{ n: 1 }]);
  });
});

// PGlite lives in one process: only PostgreSQL has instances that start together.
it.skipIf(process.env.TEST_DB !== 'postgres')(
  'several instances starting together on a fresh database all start, with one set of queues',
  async () => {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', 'rf_test');
    const instances = [1, 2, 3, 4].map(() => openDatabase({ url: fresh.url }));
    try {
      const queues = instances.map((d) => createJobs(d.openJobsConnection(), log, definitions));
      await Promise.all(queues.map((q) => q.start()));
      await Promise.all(queues.map((q) => q.stop()));
      const { rows } = (await instances[0]!.db.execute(
        sql`select name from pgboss.queue where name like 'test.%' order by name`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([{ name: 'test.note' }, { name: 'test.slow' }]);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await fresh.drop();
    }
  },
);
