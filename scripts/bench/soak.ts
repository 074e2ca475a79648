/**
 * `npm run soak`: load and soak (issue 6, item 4).
 *
 * Starts the production server on a fresh PGlite DATA_DIR (and then on PostgreSQL when SOAK_DATABASE_URL
 * is set), seeds a modest data set (scripts/bench/seed.ts), and runs 200 connections of a mixed workload
 * for 60 s, after a 10 s warm-up with the same mix:
 *   - browsing:  GET /, the catalogue (main services, a category's sub-services), the entry script;
 *   - logins:    POST /api/login of seeded customers (argon2id);
 *   - bookings:  POST /order → POST /test-checkout/{id} {outcome:'success'} → POST /verify, per customer;
 *   - admin:     GET /api/admin/tickets, first page then following nextCursor, with and without a status.
 * Prints errors (non-2xx/3xx answers and socket errors or timeouts; 429s are counted apart), p50/p99,
 * and the server's resident memory at the start and the end of the 60 s (growth judged on the floor, the
 * lowest sample of the first and of the last 20 s, as the heap's collections make a sawtooth), then checks that every paid
 * booking order has exactly one ticket. Writes bench-results/soak.json.
 *
 * Env: SOAK_DATABASE_URL (also run on this PostgreSQL database), SOAK_SKIP_PGLITE=1, SOAK_DURATION (s, 60),
 * SOAK_WARMUP (s, 10), SOAK_TICKETS (seeded, 5000), SOAK_KEEP=1.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Options, type Request, type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type Child,
  cpuSeconds,
  ensurePgDatabase,
  getJson,
  login,
  mb,
  median,
  openTarget,
  readMemory,
  registerCleanup,
  ROOT,
  sleep,
  startServer,
  table,
  type Target,
  writeResults,
} from './lib.js';
import { BENCH_PASSWORD, customerEmail, openAndSeed } from './seed.js';

const PORT = 4510;
const DURATION = Number(process.env.SOAK_DURATION ?? 60);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 10);
const TICKETS = Number(process.env.SOAK_TICKETS ?? 5_000);
const KEEP = process.env.SOAK_KEEP === '1';
const TARGET_GROWTH = 0.1;

/** 200 connections in all. */
const MIX = { browse: 90, bookings: 60, admin: 30, logins: 20 } as const;
type Workload = keyof typeof MIX;

const log = (msg: string) => console.log(`[soak] ${msg}`);
const cleanups: Array<() => void> = [];
registerCleanup(() => {
  if (!KEEP) for (const fn of cleanups) fn();
});

interface WorkloadResult {
  workload: Workload;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx3xx: number;
  rateLimited: number;
  socketErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

interface Fixture {
  base: string;
  adminToken: string;
  customerTokens: string[];
  catalogue: Array<{ mainId: string; subIds: string[] }>;
  entryScript: string;
  loginCustomers: number;
}

/** The requests of each workload; every loop of the list is one visit, booking or admin session. */
function workloads(f: Fixture): Record<Workload, Request[]> {
  let nextToken = 0;
  let nextPick = 0;
  let nextLogin = 0;
  const json = { 'content-type': 'application/json' };
  const auth = (context: Record<string, unknown>) => ({ authorization: `Bearer ${String(context.token)}` });
  const parse = (body: string): Record<string, unknown> => {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  return {
    browse: [
      { method: 'GET', path: '/', headers: { accept: 'text/html' } },
      { method: 'GET', path: '/api/admin/services/main' },
      {
        method: 'GET',
        setupRequest: (req) => {
          const pick = f.catalogue[nextPick++ % f.catalogue.length];
          return { ...req, path: `/api/admin/services/${pick?.mainId ?? ''}/sub` };
        },
      },
      { method: 'GET', path: `/assets/${f.entryScript}` },
    ],
    logins: [
      {
        method: 'POST',
        headers: json,
        setupRequest: (req) => ({
          ...req,
          path: '/api/login',
          body: JSON.stringify({
            email: customerEmail(1 + (nextLogin++ % f.loginCustomers)),
            password: BENCH_PASSWORD,
          }),
        }),
      },
    ],
    bookings: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          context.token = f.customerTokens[nextToken++ % f.customerTokens.length];
          const pick = f.catalogue[nextPick++ % f.catalogue.length];
          return {
            ...req,
            path: '/order',
            headers: { ...json, ...auth(context) },
            body: JSON.stringify({
              mainServiceId: pick?.mainId,
              subServiceId: pick?.subIds[nextPick % (pick?.subIds.length || 1)],
              description: 'Soak test: the laptop is slow after an update and the fan is loud.',
              amount: 9900,
              currency: 'INR',
            }),
          };
        },
        onResponse: (_status, body, context) => {
          context.orderId = parse(body).id;
        },
      },
      {
        method: 'POST',
        setupRequest: (req, context) => ({
          ...req,
          path: `/test-checkout/${String(context.orderId)}`,
          headers: { ...json, ...auth(context) },
          body: JSON.stringify({ outcome: 'success' }),
        }),
        onResponse: (_status, body, context) => {
          context.checkout = body;
        },
      },
      {
        method: 'POST',
        setupRequest: (req, context) => ({
          ...req,
          path: '/verify',
          headers: { ...json, ...auth(context) },
          body: String(context.checkout ?? '{}'),
        }),
      },
    ],
    admin: [
      ...['', 'pending', 'in-progress', 'completed'].flatMap((status): Request[] => [
        {
          method: 'GET',
          path: `/api/admin/tickets${status ? `?status=${status}` : ''}`,
          headers: { authorization: `Bearer ${f.adminToken}` },
          onResponse: (_s, body, context) => {
            context.cursor = parse(body).nextCursor;
          },
        },
        {
          method: 'GET',
          headers: { authorization: `Bearer ${f.adminToken}` },
          setupRequest: (req, context) => ({
            ...req,
            path: `/api/admin/tickets?${status ? `status=${status}&` : ''}${context.cursor ? `cursor=${String(context.cursor)}` : ''}`,
          }),
        },
      ]),
    ],
  };
}

function runMix(f: Fixture, seconds: number): Promise<Array<{ workload: Workload; result: Result }>> {
  const lists = workloads(f);
  // SOAK_ONLY=browse,admin runs a subset (for looking into one workload).
  const only = process.env.SOAK_ONLY?.split(',');
  return Promise.all(
    (Object.keys(MIX) as Workload[])
      .filter((w) => !only || only.includes(w))
      .map(async (workload) => {
        const options: Options = {
          url: f.base,
          connections: MIX[workload],
          duration: seconds,
          timeout: 30,
          requests: lists[workload],
        };
        return { workload, result: await autocannon(options) };
      }),
  );
}

function summarise(workload: Workload, r: Result): WorkloadResult {
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, v]) => [code, v.count]));
  const rateLimited = statusCodes['429'] ?? 0;
  const bad = Object.entries(statusCodes)
    .filter(([code]) => !/^[23]/.test(code) && code !== '429')
    .reduce((n, [, count]) => n + count, 0);
  return {
    workload,
    connections: MIX[workload],
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: bad + r.errors,
    non2xx3xx: bad,
    rateLimited,
    socketErrors: r.errors - r.timeouts,
    timeouts: r.timeouts,
    statusCodes,
  };
}

async function fixture(base: string): Promise<Fixture> {
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const customerTokens: string[] = [];
  // One customer per booking connection, logged in four at a time.
  for (let i = 0; i < MIX.bookings; i += 4) {
    const batch = Array.from({ length: Math.min(4, MIX.bookings - i) }, (_, k) =>
      login(base, customerEmail(i + k + 1), BENCH_PASSWORD),
    );
    customerTokens.push(...(await Promise.all(batch)));
  }
  const { mainServices } = await getJson<{ mainServices: Array<{ id: string }> }>(`${base}/api/admin/services/main`);
  const catalogue = await Promise.all(
    mainServices.map(async (m) => {
      const { subServices } = await getJson<{ subServices: Array<{ id: string }> }>(
        `${base}/api/admin/services/${m.id}/sub`,
      );
      return { mainId: m.id, subIds: subServices.map((s) => s.id) };
    }),
  );
  const html = readFileSync(join(ROOT, 'dist/web/index.html'), 'utf8');
  const entryScript = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1] ?? '';
  return {
    base,
    adminToken,
    customerTokens,
    catalogue: catalogue.filter((c) => c.subIds.length > 0),
    entryScript,
    loginCustomers: Math.floor(TICKETS / 10),
  };
}

interface SoakReport {
  database: string;
  seededTickets: number;
  workloads: WorkloadResult[];
  totals: { requests: number; rps: number; errors: number; rateLimited: number; p99Max: number };
  /** Server CPU use during the 60 s, in cores (user + system). */
  serverCpuCores: number;
  loadAverage: number[];
  memory: {
    windowSeconds: number;
    idleBytes: number;
    startPointBytes: number;
    endPointBytes: number;
    /**
     * The lowest RSS in the first and in the last `windowSeconds` of the run: what the growth target is
     * judged on. The V8 heap rises and falls by tens of MB as it collects (a sawtooth whose peaks depend
     * on when the last collection ran), and a leak shows as a rising floor. Medians are kept for reference.
     */
    startFloorBytes: number;
    endFloorBytes: number;
    startMedianBytes: number;
    endMedianBytes: number;
    afterIdleBytes: number;
    peakBytes: number;
    growth: number;
    pointGrowth: number;
    timeline: Array<{ s: number; rssBytes: number }>;
  };
  integrity: {
    paidBookings: number;
    ticketsFromPaidBookings: number;
    paidWithoutTicket: number;
    ticketsWithoutVerifiedPayment: number;
    bookingsDuringSoak: number;
  };
}

async function soak(target: Target): Promise<SoakReport> {
  const label = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  log(`=== ${label} ===`);
  const seeded = await openAndSeed(openTarget(target), { tickets: TICKETS });
  await seeded.database.close();
  log(
    seeded.reused
      ? 'bench data already present: not seeded again'
      : `seeded ${seeded.result.tickets} tickets in ${(seeded.result.ms / 1000).toFixed(1)} s`,
  );

  const base = `http://127.0.0.1:${PORT}`;
  const server: Child = await startServer(target, PORT);
  let report: Omit<SoakReport, 'integrity'>;
  let ticketsBefore = 0;
  try {
    ticketsBefore = (await countTickets(target)) ?? 0;
    const f = await fixture(base);
    await sleep(1000);
    const idle = readMemory(server.pid)?.rss ?? 0;
    log(`server idle RSS ${mb(idle)} MB; warm-up ${WARMUP} s with the same mix`);
    if (WARMUP > 0) await runMix(f, WARMUP);
    const startPoint = readMemory(server.pid)?.rss ?? 0;
    log(
      `RSS after the warm-up ${mb(startPoint)} MB; ${DURATION} s of ${Object.values(MIX).reduce((a, b) => a + b, 0)} connections`,
    );
    const samples: Array<{ s: number; rssBytes: number }> = [];
    const t0 = performance.now();
    const cpu0 = cpuSeconds(server.pid);
    const timer = setInterval(() => {
      const m = readMemory(server.pid);
      if (m) samples.push({ s: (performance.now() - t0) / 1000, rssBytes: m.rss });
    }, 250);
    const results = await runMix(f, DURATION);
    clearInterval(timer);
    const cpu = (cpuSeconds(server.pid) - cpu0) / ((performance.now() - t0) / 1000);
    const endPoint = readMemory(server.pid)?.rss ?? 0;
    await sleep(5000);
    const afterIdle = readMemory(server.pid)?.rss ?? 0;
    const window = Math.min(20, DURATION / 3);
    const first = samples.filter((x) => x.s < window).map((x) => x.rssBytes);
    const last = samples.filter((x) => x.s >= DURATION - window).map((x) => x.rssBytes);
    const startFloor = Math.min(...first);
    const endFloor = Math.min(...last);
    const workloadsOut = results.map(({ workload, result }) => summarise(workload, result));
    const total = workloadsOut.reduce((n, w) => n + w.requests, 0);
    report = {
      database: label,
      seededTickets: seeded.result.tickets,
      workloads: workloadsOut,
      totals: {
        requests: total,
        rps: total / DURATION,
        errors: workloadsOut.reduce((n, w) => n + w.errors, 0),
        rateLimited: workloadsOut.reduce((n, w) => n + w.rateLimited, 0),
        p99Max: Math.max(...workloadsOut.map((w) => w.p99)),
      },
      serverCpuCores: cpu,
      loadAverage: loadavg(),
      memory: {
        windowSeconds: window,
        idleBytes: idle,
        startPointBytes: startPoint,
        endPointBytes: endPoint,
        startFloorBytes: startFloor,
        endFloorBytes: endFloor,
        startMedianBytes: median(first),
        endMedianBytes: median(last),
        afterIdleBytes: afterIdle,
        peakBytes: Math.max(startPoint, endPoint, ...samples.map((x) => x.rssBytes)),
        growth: (endFloor - startFloor) / startFloor,
        pointGrowth: (endPoint - startPoint) / startPoint,
        timeline: samples.filter((_, i) => i % 4 === 0).map((x) => ({ s: Math.round(x.s), rssBytes: x.rssBytes })),
      },
    };
  } finally {
    await server.stop();
  }
  const integrity = await checkIntegrity(target, ticketsBefore);
  return { ...report, integrity };
}

async function countTickets(target: Target): Promise<number | undefined> {
  if (target.kind === 'pglite') return undefined; // the server holds the data directory
  const database = openDatabase(openTarget(target));
  try {
    const r = (await database.db.execute(sql`select count(*)::int as n from tickets`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return r.rows[0]?.n;
  } finally {
    await database.close();
  }
}

/** Every paid booking has exactly one ticket; no ticket without a verified or captured booking payment. */
async function checkIntegrity(target: Target, ticketsBefore: number): Promise<SoakReport['integrity']> {
  const database = openDatabase(openTarget(target));
  try {
    const r = (await database.db.execute(sql`
      select
        (select count(*)::int from payments where kind = 'booking' and status in ('captured', 'verified')) as "paidBookings",
        (select count(*)::int from tickets t join payments p on p.order_id = t.booking_order_id
           where p.kind = 'booking' and p.status in ('captured', 'verified')) as "ticketsFromPaidBookings",
        (select count(*)::int from payments p where p.kind = 'booking' and p.status in ('captured', 'verified')
           and not exists (select 1 from tickets t where t.booking_order_id = p.order_id)) as "paidWithoutTicket",
        (select count(*)::int from tickets t where not exists (select 1 from payments p where p.order_id = t.booking_order_id
           and p.kind = 'booking' and p.status in ('captured', 'verified'))) as "ticketsWithoutVerifiedPayment",
        (select count(*)::int from tickets) as "ticketsNow"`)) as unknown as {
      rows: Array<Omit<SoakReport['integrity'], 'bookingsDuringSoak'> & { ticketsNow: number }>;
    };
    const row = r.rows[0];
    if (!row) throw new Error('integrity query returned nothing');
    const { ticketsNow, ...rest } = row;
    return { ...rest, bookingsDuringSoak: ticketsNow - (ticketsBefore || TICKETS) };
  } finally {
    await database.close();
  }
}

function print(report: SoakReport) {
  const rows = [
    ['workload', 'conns', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', '429', 'status codes'],
    ...report.workloads.map((w) => [
      w.workload,
      String(w.connections),
      String(w.requests),
      w.rps.toFixed(0),
      String(w.p50),
      String(w.p99),
      String(w.max),
      String(w.errors),
      String(w.rateLimited),
      Object.entries(w.statusCodes)
        .map(([c, n]) => `${c}:${n}`)
        .join(' ') + (w.socketErrors || w.timeouts ? ` socket:${w.socketErrors} timeout:${w.timeouts}` : ''),
    ]),
    [
      'total',
      '200',
      String(report.totals.requests),
      report.totals.rps.toFixed(0),
      '',
      String(report.totals.p99Max),
      '',
      String(report.totals.errors),
      String(report.totals.rateLimited),
      '',
    ],
  ];
  const m = report.memory;
  console.log(
    `\n${report.database}: ${DURATION} s, 200 connections (after a ${WARMUP} s warm-up), ${report.seededTickets} seeded tickets`,
  );
  console.log(table(rows));
  console.log(
    `server CPU ${report.serverCpuCores.toFixed(2)} cores; machine load average ${report.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log(
    `server RSS: idle ${mb(m.idleBytes)} MB, after warm-up ${mb(m.startPointBytes)} MB, at the end ${mb(m.endPointBytes)} MB, ` +
      `5 s after the end ${mb(m.afterIdleBytes)} MB, peak ${mb(m.peakBytes)} MB`,
  );
  console.log(
    `RSS floor (lowest sample) of the first ${m.windowSeconds} s ${mb(m.startFloorBytes)} MB → of the last ${m.windowSeconds} s ` +
      `${mb(m.endFloorBytes)} MB: growth ${(m.growth * 100).toFixed(1)}% (target < ${TARGET_GROWTH * 100}%: ${m.growth < TARGET_GROWTH ? 'met' : 'MISSED'}); ` +
      `medians ${mb(m.startMedianBytes)} → ${mb(m.endMedianBytes)} MB; point to point ${(m.pointGrowth * 100).toFixed(1)}%`,
  );
  const every10 = m.timeline
    .filter((p, i, all) => p.s % 10 === 0 && all.findIndex((q) => q.s === p.s) === i)
    .map((p) => `${p.s}s ${mb(p.rssBytes)}`);
  console.log(`RSS every 10 s (MB): ${every10.join(', ')}`);
  console.log(
    `errors: ${report.totals.errors} (target 0: ${report.totals.errors === 0 ? 'met' : 'MISSED'}); 429s: ${report.totals.rateLimited}`,
  );
  const i = report.integrity;
  console.log(
    `bookings made during warm-up + soak: ${i.bookingsDuringSoak}; paid booking orders ${i.paidBookings}, their tickets ${i.ticketsFromPaidBookings}, ` +
      `paid without a ticket ${i.paidWithoutTicket}, tickets without a paid booking ${i.ticketsWithoutVerifiedPayment}`,
  );
}

async function main() {
  const started = performance.now();
  const targets: Target[] = [];
  if (process.env.SOAK_SKIP_PGLITE !== '1') {
    const dir = mkdtempSync(join(tmpdir(), 'rf-soak-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    targets.push({ kind: 'pglite', dataDir: dir });
  }
  if (process.env.SOAK_DATABASE_URL) {
    await ensurePgDatabase(process.env.SOAK_DATABASE_URL);
    targets.push({ kind: 'postgres', url: process.env.SOAK_DATABASE_URL });
  }
  const reports: SoakReport[] = [];
  console.log('\n================ RemoteFix soak ================');
  console.log(
    `${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; mix: ${Object.entries(
      MIX,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  // Each database's figures as soon as it is done: a failure on the next one does not lose them.
  for (const t of targets) {
    const report = await soak(t);
    reports.push(report);
    print(report);
  }
  const file = writeResults('soak.json', {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, memoryBytes: totalmem(), node: process.version },
    settings: { durationSeconds: DURATION, warmupSeconds: WARMUP, mix: MIX, seededTickets: TICKETS },
    databases: reports,
    targets: reports.flatMap((r) => [
      { database: r.database, target: 'errors = 0', figure: r.totals.errors, met: r.totals.errors === 0 },
      {
        database: r.database,
        target: `RSS growth < ${TARGET_GROWTH * 100}%`,
        figure: r.memory.growth,
        met: r.memory.growth < TARGET_GROWTH,
      },
      {
        database: r.database,
        target: 'every paid booking has one ticket',
        figure: r.integrity.paidWithoutTicket,
        met: r.integrity.paidWithoutTicket === 0 && r.integrity.ticketsWithoutVerifiedPayment === 0,
      },
    ]),
  });
  console.log(`\nwritten to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!KEEP) for (const fn of cleanups) fn();
    process.exit(process.exitCode ?? 0);
  });
