/**
 * Bulk seeder for the benchmark and the soak: writes straight into a migrated database with a few
 * set-based `INSERT … SELECT generate_series` statements (no per-row round trips), with the secondary
 * indexes of the three big tables dropped during the load and rebuilt after it, so 100,000 tickets with
 * their payments and history (~730,000 events) take about 20 s on PostgreSQL and on PGlite (2 cores).
 *
 * As a library: `seedBench(database, { tickets })`. As a command:
 *   tsx scripts/bench/seed.ts [--tickets 100000] [--customers 10000] (--database-url URL | --data-dir DIR)
 * (without either flag it uses DATABASE_URL, else DATA_DIR, else ./data, like the server).
 * BENCH_SEED_VERBOSE=1 prints the time of each statement.
 *
 * What it makes (all times spread over the last year, newest tickets mostly still open):
 * - `customers` customers (customerN@bench.remotefix.test), a few engineers and one bench admin,
 *   all sharing ONE argon2id hash of BENCH_PASSWORD computed once, so every one of them can log in;
 * - the measured customer (bench-customer@remotefix.test) with exactly 20 tickets and the measured
 *   engineer (bench-engineer@remotefix.test) with exactly 20 assigned tickets;
 * - `tickets` tickets in all, each with its verified booking payment (payments.order_id =
 *   tickets.booking_order_id) and its history: payment_created, payment_verified, created, and for
 *   some assigned, status_changed, completed; most started or finished tickets also have a verified
 *   in-progress fee payment with its two events.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config.js';
import { prepareDatabase } from '../../src/server/db/bootstrap.js';
import { type Database, type Db, openDatabase } from '../../src/server/db/client.js';
import { hashPassword } from '../../src/server/modules/auth/passwords.js';
import { BOOKING_FEE_PAISE, CURRENCY, IN_PROGRESS_FEE_PAISE } from '../../src/shared/product.js';

export const BENCH_PASSWORD = 'bench-password-1';
export const MEASURED_CUSTOMER_EMAIL = 'bench-customer@remotefix.test';
export const MEASURED_ENGINEER_EMAIL = 'bench-engineer@remotefix.test';
export const BENCH_ADMIN_EMAIL = 'bench-staff@remotefix.test';
/** Emails of the plain customers: customer1@… to customerN@…. */
export const customerEmail = (n: number) => `customer${n}@bench.remotefix.test`;
export const MEASURED_TICKETS = 20;

export interface SeedOptions {
  /** Tickets in all, the measured customer's 20 included. */
  tickets: number;
  /** Plain customers (the measured one comes on top). Default: 10,000, or tickets/10 when that is smaller. */
  customers?: number;
  /** Engineers besides the measured one, who take every other assignment. */
  engineers?: number;
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

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  const row = result.rows[0];
  if (!row) throw new Error('query returned no row');
  return row;
};

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
  // Every 20th slot of the ticket sequence is the measured customer's; the slot before it the measured engineer's.
  const step = Math.floor(total / MEASURED_TICKETS);
  const db = database.db;

  const counts = await db.transaction(async (tx) => {
    let mark = performance.now();
    const run = async (label: string, q: ReturnType<typeof sql>) => {
      const r = await tx.execute(q);
      if (process.env.BENCH_SEED_VERBOSE) {
        const now = performance.now();
        console.warn(`  ${(now - mark).toFixed(0).padStart(6)} ms  ${label}`);
        mark = now;
      }
      return r;
    };
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
        where schemaname = current_schema() and tablename in ('tickets', 'payments', 'ticket_events')
          and indexname not in (select conname from pg_constraint)`)) as unknown as {
        rows: { name: string; def: string }[];
      }
    ).rows;
    for (const index of secondary) await run(`drop ${index.name}`, sql.raw(`drop index "${index.name}"`));

    // ---- people -------------------------------------------------------------------------------
    await run(
      'customers',
      sql`
      insert into users (name, email, phone, role, password_hash, created_at)
      select 'Customer ' || i, 'customer' || i || '@bench.remotefix.test', '+91 9' || lpad(i::text, 9, '0'),
             'user', ${passwordHash}, now() - interval '400 days' + i * interval '1 minute'
      from generate_series(1, ${customers}::int) i`,
    );
    await run(
      'engineers',
      sql`
      insert into users (name, email, phone, role, password_hash, created_at)
      select 'Engineer ' || i, 'engineer' || i || '@bench.remotefix.test', '+91 8' || lpad(i::text, 9, '0'),
             'engineer', ${passwordHash}, now() - interval '420 days' + i * interval '1 hour'
      from generate_series(1, ${engineers}::int) i`,
    );
    await run(
      'measured users',
      sql`
      insert into users (name, email, phone, role, password_hash, created_at) values
        ('Measured Customer', ${MEASURED_CUSTOMER_EMAIL}, '+91 90000 00001', 'user', ${passwordHash}, now() - interval '390 days'),
        ('Measured Engineer', ${MEASURED_ENGINEER_EMAIL}, '+91 90000 00002', 'engineer', ${passwordHash}, now() - interval '410 days'),
        ('Bench Staff', ${BENCH_ADMIN_EMAIL}, '+91 90000 00003', 'admin', ${passwordHash}, now() - interval '430 days')`,
    );

    const ids = await one<{ customer: string; engineer: string; admin: string }>(
      tx,
      sql`select
            (select id from users where email = ${MEASURED_CUSTOMER_EMAIL}) as customer,
            (select id from users where email = ${MEASURED_ENGINEER_EMAIL}) as engineer,
            (select id from users where email = ${BENCH_ADMIN_EMAIL}) as admin`,
    );

    // Dense 0-based numbering for the set-based joins below.
    await run(
      'numbering',
      sql`
      create temp table bench_customers on commit drop as
      select id, (row_number() over (order by created_at) - 1)::int as k
      from users where email like 'customer%@bench.remotefix.test'`,
    );
    await run(
      'numbering',
      sql`
      create temp table bench_engineers on commit drop as
      select id, name, (row_number() over (order by created_at) - 1)::int as k
      from users where email like 'engineer%@bench.remotefix.test'`,
    );
    await run(
      'numbering',
      sql`
      create temp table bench_subs on commit drop as
      select s.id as sub_id, s.name as sub_name, m.id as main_id, m.name as main_name,
             (row_number() over (order by m.created_at, s.created_at) - 1)::int as k
      from services s join services m on m.id = s.parent_id`,
    );
    const { subs } = await one<{ subs: number }>(tx, sql`select count(*)::int as subs from bench_subs`);
    if (subs === 0) throw new Error('the catalogue is empty: migrate and seed the database first');

    // ---- the plan: one row per ticket with everything its rows need -----------------------------
    // Ticket i (1 = oldest … total = newest) is (total - i)/total of a year old. Its status depends on
    // its age: most of last year's work is completed, the last fortnight's is mostly open. Ids are
    // version-4-shaped uuids made from md5 (ten times cheaper than gen_random_uuid() in PGlite).
    await run(
      'plan',
      sql`
      create temp table bench_plan on commit drop as
      with g as (
        select i,
               (i::bigint * 2654435761 % 100)::int as r,
               (${total}::int - i)::float8 * 365 / ${total}::int as age_days,
               md5('bench-ticket-' || i) as h
        from generate_series(1, ${total}::int) i
      ), s as (
        select i, r, age_days,
               (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid as id,
               case
                 when age_days < 2 then case when r < 70 then 'pending' when r < 90 then 'in-progress' else 'completed' end
                 when age_days < 14 then case when r < 25 then 'pending' when r < 55 then 'in-progress' else 'completed' end
                 else case when r < 4 then 'pending' when r < 9 then 'in-progress' else 'completed' end
               end::ticket_status as status,
               now() - make_interval(secs => age_days * 86400 + (i % 97)) as created_at,
               (i % ${step}::int = 0 and i / ${step}::int <= ${MEASURED_TICKETS}) as measured_customer,
               ((i + 1) % ${step}::int = 0 and (i + 1) / ${step}::int <= ${MEASURED_TICKETS}) as measured_engineer
        from g
      )
      select s.*,
             'order_bench_' || s.i as order_id,
             case when s.status = 'completed'
                  then s.created_at + least(make_interval(days => 1 + s.r % 3), (now() - s.created_at) / 2) end as completed_at,
             case when s.measured_engineer then ${ids.engineer}::uuid
                  when s.status <> 'pending' or s.r % 10 = 0 then e.id end as engineer_id,
             case when s.measured_engineer then 'Measured Engineer'
                  when s.status <> 'pending' or s.r % 10 = 0 then e.name end as engineer_name,
             case when s.measured_customer then ${ids.customer}::uuid else c.id end as user_id,
             -- the in-progress fee: paid for most completed tickets and about half of those in progress
             ((s.status = 'completed' and s.r % 5 <> 0) or (s.status = 'in-progress' and s.r % 2 = 0)) as fee_paid,
             b.sub_id, b.sub_name, b.main_id, b.main_name,
             'Bench ticket ' || s.i || ': ' || b.sub_name || ' since last week; the machine is a ' ||
               (array['desktop', 'laptop', 'Mac', 'mini PC'])[1 + s.i % 4] || ' and it happens every day.' as description
      from s
      join bench_customers c on c.k = (s.i::bigint * 7919 % ${customers}::int)::int
      join bench_engineers e on e.k = s.i % ${engineers}::int
      join bench_subs b on b.k = (s.i * 31 + s.r) % ${subs}::int`,
    );
    // A fee can only be paid once an engineer is on the ticket.
    await run('plan fee', sql`update bench_plan set fee_paid = false where fee_paid and engineer_id is null`);

    // ---- tickets and payments ---------------------------------------------------------------------
    await run(
      'tickets',
      sql`
      insert into tickets (id, user_id, main_service_id, sub_service_id, main_service_name, sub_service_name, service,
                           description, status, remarks, engineer_id, booking_order_id, completed_at, created_at)
      select id, user_id, main_id, sub_id, main_name, sub_name, main_name || ' › ' || sub_name,
             description, status,
             case when status = 'completed' then 'Fixed remotely: ' || lower(sub_name) || ' resolved and checked with the customer.' end,
             engineer_id, order_id, completed_at, created_at
      from bench_plan`,
    );
    await run(
      'booking payments',
      sql`
      insert into payments (order_id, kind, user_id, ticket_id, amount, currency, receipt, status,
                            provider_payment_id, draft, created_at, updated_at)
      select order_id, 'booking', user_id, id, ${BOOKING_FEE_PAISE}::int, ${CURRENCY},
             'rf_bk_' || substr(md5(order_id), 1, 16), 'verified', 'pay_bench_' || i,
             jsonb_build_object('mainServiceId', main_id, 'subServiceId', sub_id, 'mainServiceName', main_name,
                                'subServiceName', sub_name, 'description', description),
             created_at - interval '2 minutes', created_at - interval '1 minute'
      from bench_plan`,
    );
    await run(
      'in-progress payments',
      sql`
      insert into payments (order_id, kind, user_id, ticket_id, amount, currency, receipt, status,
                            provider_payment_id, created_at, updated_at)
      select 'order_bench_ip_' || i, 'inprogress', user_id, id, ${IN_PROGRESS_FEE_PAISE}::int, ${CURRENCY},
             'rf_ip_' || substr(md5('ip' || i), 1, 16), 'verified', 'pay_bench_ip_' || i,
             created_at + (coalesce(completed_at, now()) - created_at) / 2,
             created_at + (coalesce(completed_at, now()) - created_at) / 2 + interval '1 minute'
      from bench_plan where fee_paid`,
    );

    // ---- history --------------------------------------------------------------------------------
    // Per ticket, in order: the booking's payment_created and payment_verified (the customer's
    // /verify), created; then for some assigned (by the bench admin), pending → in-progress, the
    // in-progress fee's two events, completed (by the engineer).
    const uuidOf = (seed: string) =>
      sql.raw(
        `(substr(md5(${seed}), 1, 12) || '4' || substr(md5(${seed}), 14, 3) || '8' || substr(md5(${seed}), 18, 15))::uuid`,
      );
    const events: Array<[string, ReturnType<typeof sql>]> = [
      [
        'payment_created',
        sql`
        select ${uuidOf(`'pc' || i`)}, id, order_id, user_id, 'payment_created'::ticket_event_kind,
               jsonb_build_object('kind', 'booking', 'amount', ${BOOKING_FEE_PAISE}::int), created_at - interval '2 minutes'
        from bench_plan`,
      ],
      [
        'payment_verified',
        sql`
        select ${uuidOf(`'pv' || i`)}, id, order_id, user_id, 'payment_verified'::ticket_event_kind,
               jsonb_build_object('kind', 'booking', 'amount', ${BOOKING_FEE_PAISE}::int, 'paymentId', 'pay_bench_' || i, 'via', 'verify'),
               created_at - interval '1 minute'
        from bench_plan`,
      ],
      [
        'created',
        sql`
        select ${uuidOf(`'cr' || i`)}, id, order_id, user_id, 'created'::ticket_event_kind, jsonb_build_object('via', 'verify'), created_at
        from bench_plan`,
      ],
      [
        'assigned',
        sql`
        select ${uuidOf(`'as' || i`)}, id, null, ${ids.admin}::uuid, 'assigned'::ticket_event_kind,
               jsonb_build_object('engineerId', engineer_id, 'engineerName', engineer_name),
               created_at + least(interval '1 hour', (now() - created_at) / 8)
        from bench_plan where engineer_id is not null`,
      ],
      [
        'status_changed',
        sql`
        select ${uuidOf(`'sc' || i`)}, id, null, ${ids.admin}::uuid, 'status_changed'::ticket_event_kind,
               jsonb_build_object('from', 'pending', 'to', 'in-progress'),
               created_at + least(interval '2 hours', (now() - created_at) / 6)
        from bench_plan where status <> 'pending'`,
      ],
      [
        'fee events',
        sql`
        select ${uuidOf(`'fc' || i`)}, id, 'order_bench_ip_' || i, user_id, 'payment_created'::ticket_event_kind,
               jsonb_build_object('kind', 'inprogress', 'amount', ${IN_PROGRESS_FEE_PAISE}::int),
               created_at + (coalesce(completed_at, now()) - created_at) / 2
        from bench_plan where fee_paid
        union all
        select ${uuidOf(`'fv' || i`)}, id, 'order_bench_ip_' || i, user_id, 'payment_verified'::ticket_event_kind,
               jsonb_build_object('kind', 'inprogress', 'amount', ${IN_PROGRESS_FEE_PAISE}::int, 'paymentId', 'pay_bench_ip_' || i, 'via', 'verify'),
               created_at + (coalesce(completed_at, now()) - created_at) / 2 + interval '1 minute'
        from bench_plan where fee_paid`,
      ],
      [
        'completed',
        sql`
        select ${uuidOf(`'co' || i`)}, id, null, engineer_id, 'completed'::ticket_event_kind,
               jsonb_build_object('from', 'in-progress', 'remarks', 'Fixed remotely: ' || lower(sub_name) || ' resolved and checked with the customer.'),
               completed_at
        from bench_plan where status = 'completed'`,
      ],
    ];
    for (const [label, select] of events) {
      await run(
        label,
        sql`insert into ticket_events (id, ticket_id, order_id, actor_id, kind, detail, created_at) ${select}`,
      );
    }

    for (const index of secondary) await run(`create ${index.name}`, sql.raw(index.def));

    return one<{ tickets: number; payments: number; events: number }>(
      tx,
      sql`select (select count(*)::int from tickets) as tickets, (select count(*)::int from payments) as payments,
                 (select count(*)::int from ticket_events) as events`,
    );
  });

  // Fresh statistics, as autovacuum would have gathered on a live database (PGlite has no autovacuum).
  await db.execute(sql`analyze`);

  const who = await one<{ customer: string; engineer: string; c: number; e: number }>(
    db,
    sql`select c.id as customer, e.id as engineer,
               (select count(*)::int from tickets where user_id = c.id) as c,
               (select count(*)::int from tickets where engineer_id = e.id) as e
        from users c, users e where c.email = ${MEASURED_CUSTOMER_EMAIL} and e.email = ${MEASURED_ENGINEER_EMAIL}`,
  );
  if (who.c !== MEASURED_TICKETS || who.e !== MEASURED_TICKETS) {
    throw new Error(`seed check failed: the measured customer has ${who.c} tickets, the measured engineer ${who.e}`);
  }
  return {
    ...counts,
    customers: customers + 1,
    measuredCustomerId: who.customer,
    measuredEngineerId: who.engineer,
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
  const database = openDatabase(target);
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
