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
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Target } from './lib.js';
import { ensurePgDatabase } from './lib-postgres.js';
import { registerCleanup } from './lib-processes.js';
import { writeResults } from './lib-report.js';
import { soak } from './soak-database.js';
import { print } from './soak-report.js';
import { cleanups, DURATION, KEEP, MIX, type SoakReport, TARGET_GROWTH, TICKETS, WARMUP } from './soak-settings.js';

registerCleanup(() => {
  if (!KEEP) for (const fn of cleanups) fn();
});

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
