/**
 * Bulk seeder for the benchmark and the soak: writes straight into a migrated database with a few
 * set-based `INSERT … SELECT generate_series` statements (no per-row round trips), with the secondary
 * indexes of the three big tables dropped during the load and rebuilt after it, so 100,000 tickets with
 * their payments and history (~730,000 events) take about 20 s on PostgreSQL and on PGlite (2 cores).
 *
 * As a library: `seedBench(database, { tickets })` or `openAndSeed(target, { tickets })`. As a command:
 *   tsx scripts/bench/seed.ts [--tickets 100000] [--customers 10000] (--database-url URL | --data-dir DIR)
 * (without either flag it uses DATABASE_URL, else DATA_DIR, else ./data, like the server).
 * BENCH_SEED_VERBOSE=1 prints the time of each statement.
 *
 * What it makes (all times spread over the last year, or `days`, newest tickets mostly still open):
 * - `customers` customers (customerN@bench.remotefix.test), a few engineers and one bench admin,
 *   all sharing ONE argon2id hash of BENCH_PASSWORD computed once, so every one of them can log in;
 * - the measured customer (bench-customer@remotefix.test) with exactly 20 tickets and the measured
 *   engineer (bench-engineer@remotefix.test) with 20 assigned tickets beside the customer's (the
 *   newest is theirs together) and a share of the rest like every other engineer;
 * - `tickets` tickets in all, each with its verified booking payment (payments.order_id =
 *   tickets.booking_order_id) and its history: payment_created, payment_verified, created, and for
 *   some assigned, status_changed, completed; most started or finished tickets also have a verified
 *   in-progress fee payment with its two events;
 * - a few messages on most tickets with read markers, and the measured customer's newest ticket (the
 *   measured engineer's too, in progress) with a thread of 200 messages between them.
 * The accounts are seed-accounts.ts's, the per-ticket plan seed-plan.ts's, the rows written from it
 * seed-tickets.ts's, seed-history.ts's and seed-messages.ts's.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config.js';
import { prepareDatabase } from '../../src/server/db/bootstrap.js';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { hashPassword } from '../../src/server/modules/auth/passwords.js';
import {
  BENCH_PASSWORD,
  checkMeasuredAccounts,
  insertAccounts,
  MEASURED_CUSTOMER_EMAIL,
  MEASURED_ENGINEER_EMAIL,
  MEASURED_TICKETS,
} from './seed-accounts.js';
import { insertHistory } from './seed-history.js';
import { insertMessages } from './seed-messages.js';
import { planTickets } from './seed-plan.js';
import { one, stepRunner } from './seed-sql.js';
import { insertTicketsAndPayments } from './seed-tickets.js';

export interface SeedOptions {
  /** Tickets in all, the measured customer's 20 included. */
  tickets: number;
  /** Plain customers (the measured one comes on top). Default: 10,000, or tickets/10 when that is smaller. */
  customers?: number;
  /** Engineers besides the measured one, who shares the assignments with them. */
  engineers?: number;
  /** The days of history the tickets are spread over, the newest booked now. Default: 365. */
  days?: number;
}

export interface SeedResult {
  tickets: number;
  customers: number;
  payments: number;
  events: number;
  measuredCustomerId: string;
  measuredEngineerId: string;
  ms: number;
}

/**
 * Seeds a migrated database that holds the catalogue and no bench data yet. One transaction; the
 * foreign-key triggers are skipped while it runs when the role may do that (superuser), since every
 * reference is made right here by construction.
 */
export async function seedBench(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const total = options.tickets;
  if (!Number.isInteger(total) || total < 2 * MEASURED_TICKETS)
    throw new Error(`tickets must be an integer ≥ ${2 * MEASURED_TICKETS}`);
  const customers = options.customers ?? Math.max(10, Math.min(10_000, Math.floor(total / 10)));
  const engineers = options.engineers ?? 9;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const db = database.db;

  const counts = await db.transaction(async (tx) => {
    const run = stepRunner(tx);
    const { super: isSuper } = await one<{ super: boolean }>(
      tx,
      sql`select rolsuper as super from pg_roles where rolname = current_user`,
    );
    if (isSuper) await run('no FK triggers', sql`set local session_replication_role = replica`);
    await run('async commit', sql`set local synchronous_commit = off`);

    // Secondary indexes are dropped for the bulk load and rebuilt from their own definitions at the
    // end (a sorted build is several times cheaper than a million random inserts, above all in WASM).
    // Primary keys and unique constraints stay.
    const secondary = (
      (await tx.execute(sql`
        select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema()
          and tablename in ('tickets', 'payments', 'ticket_events', 'ticket_messages')
          and indexname not in (select conname from pg_constraint)`)) as unknown as {
        rows: { name: string; def: string }[];
      }
    ).rows;
    for (const index of secondary) await run(`drop ${index.name}`, sql.raw(`drop index "${index.name}"`));

    const ids = await insertAccounts(tx, run, { customers, engineers, passwordHash });
    await planTickets(tx, run, { total, customers, engineers, days: options.days ?? 365 }, ids);
    await insertTicketsAndPayments(run);
    await insertHistory(run, ids.admin);
    await insertMessages(run);

    for (const index of secondary) await run(`create ${index.name}`, sql.raw(index.def));
    // The reports' figures per day, which the database's triggers keep from here on (they do not run
    // during the load); the tickets' and payments' first_assigned_at and paid_at are written above.
    await run('report figures', sql`select rf_report_rebuild()`);

    return one<{ tickets: number; payments: number; events: number }>(
      tx,
      sql`select (select count(*)::int from tickets) as tickets, (select count(*)::int from payments) as payments,
                 (select count(*)::int from ticket_events) as events`,
    );
  });

  // The state autovacuum keeps a live database in: fresh statistics, and a visibility map that lets
  // index-only scans (the fee-paid check on payments_ticket_idx) skip the table. A machine's PostgreSQL
  // may run with autovacuum off (this one's does), and on PGlite the app's own pass (db/autovacuum.ts)
  // would do it a minute after the server starts, in the middle of a measurement: the seed does it.
  await db.execute(sql`vacuum (analyze)`);

  const measured = await checkMeasuredAccounts(db);
  return {
    ...counts,
    customers: customers + 1,
    measuredCustomerId: measured.customer,
    measuredEngineerId: measured.engineer,
    ms: Math.round(performance.now() - started),
  };
}

/** The bench data already in a database (from an earlier run), or undefined. */
export async function existingSeed(database: Database): Promise<SeedResult | undefined> {
  const result = (await database.db.execute(sql`
    select c.id as "measuredCustomerId", e.id as "measuredEngineerId",
           (select count(*)::int from tickets) as tickets, (select count(*)::int from payments) as payments,
           (select count(*)::int from ticket_events) as events,
           (select count(*)::int from users where role = 'user') as customers
    from users c, users e where c.email = ${MEASURED_CUSTOMER_EMAIL} and e.email = ${MEASURED_ENGINEER_EMAIL}`)) as unknown as {
    rows: Omit<SeedResult, 'ms'>[];
  };
  const row = result.rows[0];
  return row ? { ...row, ms: 0 } : undefined;
}

/**
 * Opens, migrates (catalogue included) and seeds a database; the caller closes it. A database that
 * already holds the bench data (BENCH_DATABASE_URL given twice) is used as it is.
 */
export async function openAndSeed(
  target: { url: string } | { dataDir: string },
  options: SeedOptions,
): Promise<{ database: Database; result: SeedResult; reused: boolean }> {
  // A bulk load, not the app: building a GIN index of 100,000 rows takes longer than the app's
  // statement time limit (5 s) on a busy machine.
  const database = openDatabase('url' in target ? { ...target, statementTimeoutMs: 600_000 } : target);
  await prepareDatabase(database, { admin: undefined });
  const existing = await existingSeed(database);
  if (existing) return { database, result: existing, reused: true };
  const result = await seedBench(database, options);
  return { database, result, reused: false };
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const tickets = Number(argValue('tickets') ?? 100_000);
  const customersArg = argValue('customers');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const url = argValue('database-url') ?? (argValue('data-dir') ? undefined : config.databaseUrl);
  const target = url ? { url } : { dataDir: argValue('data-dir') ?? config.dataDir };
  const { database, result, reused } = await openAndSeed(target, {
    tickets,
    ...(customersArg ? { customers: Number(customersArg) } : {}),
  });
  await database.close();
  if (reused) {
    console.log(`the bench data is already there (${result.tickets} tickets): nothing seeded`);
    return;
  }
  console.log(
    `seeded ${result.tickets} tickets, ${result.payments} payments, ${result.events} events, ${result.customers} customers ` +
      `in ${(result.ms / 1000).toFixed(1)} s (${'url' in target ? 'PostgreSQL' : 'PGlite'}); every bench user's password is ${BENCH_PASSWORD}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
