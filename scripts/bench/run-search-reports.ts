/**
 * The admins' search and the reports (issue 29), one request at a time:
 * - `GET /api/admin/tickets?q=` for the searches an admin types (a customer's name or part of it, an
 *   email or part of it, a phone typed with spaces, a ticket number, a word of the descriptions, a term
 *   that matches nothing, and two letters) on the 100,000 set;
 * - `GET /api/admin/reports` for the Reports tab's default range (the last 30 days) and for 90 days,
 *   on the 100,000 set and on a 10,000 set seeded here, its server running beside the first: requests
 *   alternate between the two, so a change in the machine's load hits both alike, and the ratio of
 *   their medians is the target. The 10,000 set is the same business earlier in its life: as many
 *   bookings a day (274), over 36½ days instead of a year. A range holds the days' bookings, not the
 *   history's, so what the ratio measures is whether a report slows down as the history grows (its
 *   90 days reach back past the smaller set's first booking: there the range holds 10,000 tickets
 *   against 24,600, and the medians, which read every ticket's minutes, cost more).
 * Run alone (the 100,000 set seeded or reused, its own server, the figures and targets printed):
 *   BENCH_DATABASE_URL=postgres://…/db [BENCH_PORT_BASE=…] tsx scripts/bench/run-search-reports.ts
 *   BENCH_SKIP_POSTGRES=1 tsx scripts/bench/run-search-reports.ts   (PGlite, a fresh data dir)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTarget, type Target } from './lib.js';
import { getJson, login } from './lib-http.js';
import { dropPgDatabase, freshPgDatabase } from './lib-postgres.js';
import { registerCleanup, startServer } from './lib-processes.js';
import { percentile, table } from './lib-report.js';
import { printSearchReports, searchReportsChecks } from './report-search.js';
import { mark } from './run-report.js';
import { APP_PORT, BIG, cleanups, KEEP, log, runAsCommand, SMALL_PORT } from './run-settings.js';
import { openAndSeed } from './seed.js';
import { customerEmail, customerName, customerPhone } from './seed-accounts.js';

/** The second set of the reports' comparison. */
const MID = 10_000;
/** Timed requests per search and per report on each set, after WARM_UP untimed ones. */
const REQUESTS = Number(process.env.BENCH_SEQUENTIAL ?? 50);
const WARM_UP = 5;
const DAY_MS = 86_400_000;

export interface Timing {
  p50: number;
  p99: number;
}
export interface SearchTiming extends Timing {
  name: string;
  q: string;
  /** Tickets on the first page (20 at most), and whether there is a next page. */
  found: number;
  more: boolean;
}
export interface ReportTiming {
  name: string;
  from: string;
  to: string;
  big: Timing & { booked: number };
  mid: Timing & { booked: number };
  /** The 100,000 set's p50 over the 10,000 set's. */
  ratio: number;
}
export interface SearchReports {
  tickets: number;
  midTickets: number;
  /** The days the 10,000 set's bookings span (the 100,000 set's: 365). */
  midDays: number;
  requests: number;
  search: SearchTiming[];
  reports: ReportTiming[];
}

/** The searches, from what the seed wrote (seed-accounts.ts, seed-plan.ts): one customer's details, a ticket's number. */
function searches(number: number): { name: string; q: string }[] {
  const n = 4321;
  const name = customerName(n);
  const digits = customerPhone(n).replace(/\D/g, '').slice(2);
  return [
    { name: "a customer's full name", q: name },
    { name: 'part of a surname', q: (name.split(' ')[1] ?? name).slice(0, 5).toLowerCase() },
    { name: 'an email', q: customerEmail(n) },
    { name: 'part of an email', q: `${n}@bench` },
    { name: 'a phone typed with spaces', q: `${digits.slice(0, 5)} ${digits.slice(5)}` },
    { name: 'a ticket number', q: `RF-${number}` },
    { name: 'a ticket number, digits alone', q: String(number) },
    { name: 'a word of one description in 7', q: 'router' },
    { name: 'a word of one in 3', q: 'laptop' },
    { name: 'a term that matches nothing', q: 'zebra crossing' },
    { name: 'two letters (no trigram)', q: 'zq' },
  ];
}

/** India's date `daysAgo` days before today (YYYY-MM-DD), as the Reports tab computes its range. */
const indiaDate = (daysAgo: number) =>
  new Date(Date.now() + 330 * 60_000 - daysAgo * DAY_MS).toISOString().slice(0, 10);

async function timed(url: string, token: string): Promise<{ ms: number; body: unknown }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await res.json();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Each of `urls` WARM_UP times untimed, then REQUESTS times timed, in turn (round-robin). */
async function roundRobin(urls: { url: string; token: string }[]): Promise<{ times: number[][]; bodies: unknown[] }> {
  const times = urls.map((): number[] => []);
  const bodies: unknown[] = [];
  for (let round = 0; round < WARM_UP + REQUESTS; round++) {
    for (const [i, u] of urls.entries()) {
      const { ms, body } = await timed(u.url, u.token);
      if (round >= WARM_UP) times[i]!.push(ms);
      bodies[i] = body;
    }
  }
  return { times, bodies };
}

const stats = (xs: number[]): Timing => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });

/** The 10,000 set beside `big`: a fresh database next to it, or a fresh data dir; removed on exit. */
async function prepareMid(big: Target): Promise<Target> {
  if (big.kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'rf-bench-mid-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { kind: 'pglite', dataDir };
  }
  const url = await freshPgDatabase(big.url, `${decodeURIComponent(new URL(big.url).pathname.slice(1))}_10k`);
  cleanups.push(() => dropPgDatabase(url).catch(() => {}));
  return { kind: 'postgres', url };
}

/** The section, with the app already running on the 100,000 set at `base`, `admin` its admin's token. */
export async function searchAndReports(
  big: Target,
  app: { base: string; admin: string; tickets: number },
): Promise<SearchReports> {
  log(`search: ${REQUESTS} requests each, one at a time, on ${app.tickets} tickets`);
  // A number that exists: the newest ticket's (RF-1234).
  const newest = await getJson<{ tickets: { number: string }[] }>(`${app.base}/api/admin/tickets?limit=1`, app.admin);
  const list = searches(Number(newest.tickets[0]?.number.replace(/\D/g, '')));
  const found = await roundRobin(
    list.map((s) => ({ url: `${app.base}/api/admin/tickets?q=${encodeURIComponent(s.q)}`, token: app.admin })),
  );
  const search = list.map((s, i): SearchTiming => {
    const page = found.bodies[i] as { tickets: unknown[]; nextCursor: string | null };
    return { ...s, ...stats(found.times[i]!), found: page.tickets.length, more: page.nextCursor !== null };
  });

  const mid = await prepareMid(big);
  const midDays = (365 * MID) / app.tickets;
  const seeded = await openAndSeed(openTarget(mid), { tickets: MID, days: midDays });
  await seeded.database.close();
  log(`seeded the ${MID}-ticket set in ${(seeded.result.ms / 1000).toFixed(1)} s`);
  const midBase = `http://127.0.0.1:${SMALL_PORT}`;
  const midServer = await startServer(mid, SMALL_PORT);
  try {
    const midAdmin = await login(midBase, ADMIN_EMAIL, ADMIN_PASSWORD);
    const ranges = [
      { name: 'default range (last 30 days)', from: indiaDate(29), to: indiaDate(0) },
      { name: 'last 90 days', from: indiaDate(89), to: indiaDate(0) },
    ];
    log(`reports: ${REQUESTS} requests each, alternating between ${app.tickets} and ${MID} tickets`);
    const urls = ranges.flatMap((r) => {
      const path = `/api/admin/reports?from=${r.from}&to=${r.to}`;
      return [
        { url: `${app.base}${path}`, token: app.admin },
        { url: `${midBase}${path}`, token: midAdmin },
      ];
    });
    const timedReports = await roundRobin(urls);
    const booked = (i: number) => (timedReports.bodies[i] as { tickets: { booked: number } }).tickets.booked;
    const reports = ranges.map((r, k): ReportTiming => {
      const b = { ...stats(timedReports.times[2 * k]!), booked: booked(2 * k) };
      const m = { ...stats(timedReports.times[2 * k + 1]!), booked: booked(2 * k + 1) };
      return { ...r, big: b, mid: m, ratio: b.p50 / m.p50 };
    });
    return { tickets: app.tickets, midTickets: MID, midDays, requests: REQUESTS, search, reports };
  } finally {
    await midServer.stop();
  }
}

/** Run alone: the 100,000 set (BENCH_DATABASE_URL reused or seeded; PGlite: a fresh data dir) and its server. */
async function main() {
  registerCleanup();
  let big: Target;
  if (process.env.BENCH_SKIP_POSTGRES === '1') {
    const dataDir = mkdtempSync(join(tmpdir(), 'rf-bench-'));
    if (!KEEP) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    big = { kind: 'pglite', dataDir };
  } else {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('give BENCH_DATABASE_URL (a database of your own), or BENCH_SKIP_POSTGRES=1 for PGlite');
    big = { kind: 'postgres', url };
  }
  const seeded = await openAndSeed(openTarget(big), { tickets: BIG });
  await seeded.database.close();
  log(seeded.reused ? 'the bench data is there: not seeded again' : `seeded in ${seeded.result.ms} ms`);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const server = await startServer(big, APP_PORT);
  try {
    const admin = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const result = await searchAndReports(big, { base, admin, tickets: seeded.result.tickets });
    printSearchReports(result);
    const checks = searchReportsChecks(big.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)', result);
    console.log(table([['target', 'figure', 'result'], ...checks.map((c) => [c.target, c.figure, mark(c.met)])]));
  } finally {
    await server.stop();
  }
}

runAsCommand(import.meta.url, main);
