import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AutovacuumPass } from '../../src/server/db/autovacuum.js';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { databaseJobs } from '../../src/server/db/jobs.js';

// PGlite has no autovacuum worker; the app does its work (src/server/db/autovacuum.ts).

// One database for these tests (opening PGlite takes seconds); each test's tables go after it.
let database: Database;
beforeAll(() => {
  database = openDatabase({ memory: true });
});
afterEach(async () => {
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  await flushStatistics();
});
afterAll(async () => {
  await database.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** PostgreSQL hands a backend's table statistics on at most once a second; this makes it do so now. */
async function flushStatistics() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
}

const tableStats = async (table: string) => {
  const [row] = await rows<{ dead: number; vacuumed: boolean; analyzed: boolean }>(
    sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
          from pg_stat_user_tables where relname = ${table}`,
  );
  return row;
};

describe('autovacuum on PGlite', () => {
  it('vacuums and analyses a table whose dead rows pass 50 + 20% of it, and then leaves it alone', async () => {
    await database.db.execute(sql`create table churn (id int primary key, v text)`);
    await database.db.execute(sql`insert into churn select g, 'a' from generate_series(1, 2000) g`);
    await flushStatistics();
    // The insert (2000 > 1000 new rows) has it vacuumed, after which its size is known (reltuples 2000).
    expect((await database.maintain()).ran).toEqual(['vacuum (analyze) public.churn']);
    await database.db.execute(sql`update churn set v = 'b' where id <= 500`); // 500 dead > 50 + 400
    await flushStatistics();

    const pass = await database.maintain();
    expect(pass.ran).toEqual(['vacuum (analyze) public.churn']);
    expect(await tableStats('churn')).toEqual({ dead: 0, vacuumed: true, analyzed: true });

    await flushStatistics();
    expect((await database.maintain()).ran).toEqual([]);
  });

  it('only vacuums a table with dead rows past its threshold whose statistics are recent', async () => {
    await database.db.execute(sql`create table churn (id int primary key, v text)`);
    await database.db.execute(sql`insert into churn select g, 'a' from generate_series(1, 2000) g`);
    await flushStatistics();
    await database.maintain();
    await database.db.execute(sql`update churn set v = 'b' where id <= 300`);
    await flushStatistics(); // before the analyse, which would otherwise be counted from before these changes
    await database.db.execute(sql`analyze churn`);
    await database.db.execute(sql`update churn set v = 'c' where id > 1800`); // 500 dead > 450; 200 changed < 250
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual(['vacuum public.churn']);
    expect((await tableStats('churn'))?.dead).toBe(0);
  });

  it('vacuums every table in the first pass after a start, whose counts PGlite did not keep', async () => {
    await database.db.execute(sql`create table churn (id int primary key, v text)`);
    await database.db.execute(sql`create table quiet (id int primary key)`);
    await database.db.execute(sql`insert into churn select g, 'a' from generate_series(1, 2000) g`);
    await flushStatistics();
    await database.maintain();
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual([]);
    expect((await database.maintain({ everyTable: true })).ran).toEqual(['vacuum public.churn', 'vacuum public.quiet']);
  });

  it('leaves a table whose changes are under the thresholds as it is', async () => {
    await database.db.execute(sql`create table churn (id int primary key, v text)`);
    await database.db.execute(sql`insert into churn select g, 'a' from generate_series(1, 2000) g`);
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual(['vacuum (analyze) public.churn']);
    await database.db.execute(sql`update churn set v = 'b' where id <= 150`); // 150 dead < 450; 150 changed < 250
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual([]);
    expect((await tableStats('churn'))?.dead).toBe(150);
  });

  it('only analyses a table with enough changes for new statistics but too few for a vacuum', async () => {
    await database.db.execute(sql`create table small (id int primary key)`);
    await database.db.execute(sql`insert into small select g from generate_series(1, 100) g`); // 100 > 50, < 1000
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual(['analyze public.small']);
    expect(await tableStats('small')).toEqual({ dead: 0, vacuumed: false, analyzed: true });
  });

  it('vacuums an insert-only table once its new rows pass 1000 + 20% (the visibility map index-only scans read)', async () => {
    await database.db.execute(sql`create table events_log (id int primary key)`);
    await database.db.execute(sql`insert into events_log select g from generate_series(1, 1500) g`);
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual(['vacuum (analyze) public.events_log']);
    const [visible] = await rows<{ all_visible: number }>(
      sql`select relallvisible::int as all_visible from pg_class where relname = 'events_log'`,
    );
    expect(visible?.all_visible).toBeGreaterThan(0);
  });

  it("quotes a table's name as an identifier", async () => {
    await database.db.execute(sql.raw(`create table "Odd ""Name""; drop" (id int)`));
    await database.db.execute(sql.raw(`insert into "Odd ""Name""; drop" select g from generate_series(1, 100) g`));
    await flushStatistics();
    expect((await database.maintain()).ran).toEqual([`analyze public."Odd ""Name""; drop"`]);
  });

  it("handles the app's own tables after migrations and churn on them", async () => {
    await database.migrate();
    await database.db.execute(
      sql`insert into contact_requests (name, email, phone, computer_type, description, main_service_name, sub_service_name)
          select 'Name ' || g, 'c' || g || '@example.com', '9876543210', 'Laptop',
                 'My laptop will not start, please help.', 'Hardware', 'Screen'
          from generate_series(1, 300) g`,
    );
    await database.db.execute(sql`delete from contact_requests where name like 'Name 1%'`); // 111 of 300
    await flushStatistics();
    const pass = await database.maintain();
    expect(pass.ran).toContain('vacuum (analyze) public.contact_requests');
    expect((await tableStats('contact_requests'))?.dead).toBe(0);
  });
});

describe('the upkeep job (db/jobs.ts)', () => {
  const capturingLog = () => {
    const lines: { level: string; details: object; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => void lines.push({ level: 'info', details, message }),
    } as unknown as FastifyBaseLogger;
    return { lines, context: { id: 'job', log, stopping: () => false } };
  };

  it('is scheduled every minute on PGlite, and not at all on PostgreSQL (its own autovacuum does this)', () => {
    const maintain = async () => ({ ran: [] });
    const { db } = database;
    expect(databaseJobs({ db, kind: 'pglite', maintain })[0]).toMatchObject({ name: 'db.upkeep', cron: '* * * * *' });
    expect(databaseJobs({ db, kind: 'postgres', maintain })[0]?.cron).toBeNull();
  });

  it('vacuums every table until a pass succeeds, then by the thresholds; logs what it ran; a failed pass throws', async () => {
    const answers: (AutovacuumPass | Error)[] = [new Error('disk full'), { ran: ['vacuum public.x'] }, { ran: [] }];
    const everyTable: (boolean | undefined)[] = [];
    const [upkeep] = databaseJobs({
      db: database.db,
      kind: 'pglite',
      maintain: async (options) => {
        everyTable.push(options?.everyTable);
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer as AutovacuumPass;
      },
    });
    const { lines, context } = capturingLog();
    // A failure is the queue's to record (the job fails, and is listed for the admins).
    await expect(upkeep!.handler({}, context)).rejects.toThrow('disk full');
    await upkeep!.handler({}, context);
    await upkeep!.handler({}, context);
    expect(everyTable).toEqual([true, true, false]);
    expect(lines).toHaveLength(1); // an empty pass logs nothing
    expect(lines[0]).toMatchObject({ level: 'info', message: 'autovacuum', details: { ran: ['vacuum public.x'] } });
  });

  it("runs the database's own pass", async () => {
    const [upkeep] = databaseJobs(database);
    await database.db.execute(sql`create table small (id int primary key)`);
    await database.db.execute(sql`insert into small select g from generate_series(1, 100) g`);
    await flushStatistics();
    const { ran } = (await upkeep!.handler({}, capturingLog().context)) as AutovacuumPass;
    expect(ran).toContain('vacuum (analyze) public.small');
  });
});

it.skipIf(!process.env.TEST_DATABASE_URL)('is nothing on PostgreSQL, whose own autovacuum does this', async () => {
  const postgres = openDatabase({ url: process.env.TEST_DATABASE_URL ?? '' });
  try {
    expect(await postgres.maintain()).toEqual({ ran: [] });
  } finally {
    await postgres.close();
  }
});
