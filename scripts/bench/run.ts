/**
 * `npm run bench`: the performance benchmark (issue 6, item 1).
 *
 * For PostgreSQL (BENCH_DATABASE_URL, else a fresh `remotefix_bench` on postgres://postgres@127.0.0.1:5432)
 * and then for the embedded PGlite (a fresh temporary DATA_DIR), in turn:
 *   1. seeds 100,000 tickets (scripts/bench/seed.ts) and, into a second database, 1,000;
 *   2. runs the ceiling (scripts/bench/ceiling.ts: bare Fastify + the same SQL as GET /api/tickets), and
 *      again after each authenticated list, so each list's ratio is to the ceiling measured either side
 *      of it (these shared cores speed up and slow down by a third within minutes); on PostgreSQL, also
 *      each other list's own statement on the same bare route, printed beside the ratio for information
 *      (scripts/bench/run-own-ceilings.ts);
 *   3. starts the production server (dist/server/server/main.js), logs in the measured customer, the
 *      measured engineer and the admin, and drives each endpoint with autocannon (50 connections,
 *      a warm-up, then 10 s) while sampling the server's resident memory; the four authenticated lists in
 *      BENCH_ROUNDS rounds (default 3), each list's figures the medians of its rounds;
 *   4. times the admin list (first page and a deep status-filtered page) on 100,000 and on 1,000 tickets:
 *      a second server on the 1,000 set runs beside the first, and one-at-a-time requests alternate
 *      between the two (the ratio of their medians is the target), after a 50-connection run on each.
 * Then the web build's initial JS and CSS (gzip) per route. Prints one table per database, the targets
 * beside the figures, and writes everything to bench-results/bench.json. A missed target never fails it.
 *
 * Env: BENCH_DATABASE_URL, BENCH_SKIP_POSTGRES=1, BENCH_SKIP_PGLITE=1, BENCH_DURATION (s, default 10), BENCH_ROUNDS (default 3),
 * BENCH_TICKETS (default 100000), BENCH_KEEP=1 (keep the databases and data dirs), BENCH_PORT_BASE (default 4500:
 * the app, the ceiling and the small set on it and the next two ports).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pgReachable } from './lib-postgres.js';
import { registerCleanup } from './lib-processes.js';
import { table, writeResults } from './lib-report.js';
import { benchDatabase } from './run-database.js';
import { checks, mark, printDatabase, printWeb } from './run-report.js';
import {
  BIG,
  cleanups,
  CONNECTIONS,
  type DatabaseReport,
  DEEP_PAGE,
  DURATION,
  KEEP,
  log,
  PAGE,
  ROUNDS,
  SMALL,
  TARGET_DASHBOARD_JS,
  TARGET_HOME_JS,
  WARMUP,
} from './run-settings.js';
import { webBudget } from './web-budget.js';

registerCleanup(() => {
  if (!KEEP) for (const fn of cleanups) void fn();
});

async function main() {
  const started = performance.now();
  const loadBefore = loadavg();
  const reports: DatabaseReport[] = [];
  const skipped: string[] = [];
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    if (await pgReachable(url)) reports.push(await benchDatabase('postgres'));
    else {
      skipped.push(`PostgreSQL: ${url.replace(/:[^:@/]*@/, ':***@')} is not reachable`);
      log(`skipping PostgreSQL: ${skipped.at(-1)}`);
    }
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') reports.push(await benchDatabase('pglite'));
  const web = webBudget();

  const allChecks = reports.flatMap(checks);
  const home = web.routes.find((r) => r.route === '/');
  if (home) {
    allChecks.push({
      database: 'web',
      target: `/ initial JS ≤ ${TARGET_HOME_JS / 1000} kB gzip`,
      figure: `${(home.initialJsGzip / 1000).toFixed(1)} kB (${(home.liveJsGzip / 1000).toFixed(1)} kB once live)`,
      met: home.initialJsGzip <= TARGET_HOME_JS,
    });
  }
  // Issue 30: what each dashboard loads before anything on it is used (the rest loads on demand).
  for (const dashboard of web.routes.filter((r) => r.route === '/dashboard' || r.route === '/admin')) {
    allChecks.push({
      database: 'web',
      target: `${dashboard.route} initial JS ≤ ${TARGET_DASHBOARD_JS / 1000} kB gzip`,
      figure: `${(dashboard.initialJsGzip / 1000).toFixed(1)} kB`,
      met: dashboard.initialJsGzip <= TARGET_DASHBOARD_JS,
    });
  }
  // Issue 29: the chart library comes with the Reports tab, not with /admin.
  allChecks.push({
    database: 'web',
    target: "/admin initial JS without the Reports tab's charts",
    figure: `${web.reportCharts.chunk} ${web.reportCharts.inAdminInitialJs ? 'in it' : 'not in it'}`,
    met: !web.reportCharts.inAdminInitialJs,
  });

  console.log('\n================ RemoteFix benchmark ================');
  const loadAfter = loadavg();
  console.log(
    `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `machine load average (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(1)).join(' ')}` +
      ' (anything else running on these cores lowers every figure below)',
  );
  for (const r of reports) printDatabase(r);
  printWeb(web);
  console.log('\nTargets (the issue sets them on PostgreSQL; PGlite figures are shown against them for information):');
  console.log(
    table([
      ['database', 'target', 'figure', 'result'],
      ...allChecks.map((c) => [c.database, c.target, c.figure, mark(c.met) + (c.note ? ` (${c.note})` : '')]),
    ]),
  );
  for (const s of skipped) console.log(`skipped: ${s}`);

  const file = writeResults('bench.json', {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryBytes: totalmem(),
      node: process.version,
      platform: process.platform,
      loadBefore,
      loadAfter,
    },
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      bigTickets: BIG,
      smallTickets: SMALL,
      pageSize: PAGE,
      deepPage: DEEP_PAGE,
    },
    databases: reports,
    web,
    targets: allChecks,
    skipped,
    totalSeconds: (performance.now() - started) / 1000,
  });
  console.log(`\nwritten to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (!KEEP) for (const fn of cleanups) await fn();
    // autocannon and pg may keep handles open; the work is done.
    process.exit(process.exitCode ?? 0);
  });
