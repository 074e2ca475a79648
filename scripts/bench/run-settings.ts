/**
 * The benchmark's settings (ports, load, sizes, targets, env), the shapes of its results, its log
 * and the clean-ups it runs on exit (see scripts/bench/run.ts).
 */

import { fileURLToPath } from 'node:url';
import type { ConversationBench } from './run-messages.js';
import type { SearchReports } from './run-search-reports.js';

/** BENCH_PORT_BASE moves the bench's three ports, so two benches (or a bench and a test) can run at once. */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4500);
export const APP_PORT = PORT_BASE;
export const CEILING_PORT = PORT_BASE + 1;
export const SMALL_PORT = PORT_BASE + 2;
export const CONNECTIONS = 50;
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = 2;
/**
 * Rounds of the authenticated lists, each list followed by the ceiling: a list's figures are the
 * medians of its rounds. On these shared cores one 10 s run can land in a slow minute (the ceiling
 * moved 1,250–2,127 req/s within one run on 2026-11-22), which a single round reported as a miss.
 */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
export const BIG = Number(process.env.BENCH_TICKETS ?? 100_000);
export const SMALL = 1_000;
/** The deep page: this many pages of 20 down the completed tickets (within reach of the 1,000 set too). */
export const DEEP_PAGE = 40;
export const PAGE = 20;
export const KEEP = process.env.BENCH_KEEP === '1';

/** Issue 25: every authenticated read ≥ this share of the bare ceiling. */
export const TARGET_READ_RATIO = 0.8;
/** Issue 27: posting a message and reading a thread, each ≥ this share of the ceiling for the same SQL. */
export const TARGET_RATIO = 0.7;
export const TARGET_P99_MS = 50;
export const TARGET_SCALE = 1.5;
export const TARGET_HOME_JS = 85_000;
/** Issue 30: the initial JavaScript of /dashboard and of /admin, each (gzip bytes). */
export const TARGET_DASHBOARD_JS = 150_000;
/** Issue 29: each search and each report, p50 one request at a time on 100,000 tickets. */
export const TARGET_SEARCH_MS = 100;

export interface EndpointResult {
  name: string;
  method: string;
  path: string;
  authenticated: boolean;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The ceiling's req/s this read is compared with: the mean of its runs just before and just after. */
  ceilingRps: number | null;
  ratioToCeiling: number | null;
  /**
   * For information (PostgreSQL): the same bare route running this list's own statement, and the
   * list's req/s over it (run-own-ceilings.ts). The customer's own statement is the ceiling's.
   */
  ownCeilingRps?: number;
  ratioToOwnCeiling?: number;
  /** Each round's req/s, p99 and ratios, in order, where the figures above are their medians. */
  rounds?: { rps: number; p99: number; ratioToCeiling: number | null; ratioToOwnCeiling?: number }[];
  peakRssBytes: number;
  /** The server's CPU use during the run (warm-up included), in cores: 1.0 is one core busy. */
  serverCpuCores: number;
}

export interface ListTiming {
  tickets: number;
  firstPage: { sequentialP50: number; sequentialP99: number; p50At50: number; rpsAt50: number };
  deepPage: { page: number; sequentialP50: number; sequentialP99: number; p50At50: number; rpsAt50: number };
}

export interface DatabaseReport {
  database: string;
  seed: { tickets: number; payments: number; events: number; customers: number; seconds: number };
  /** The ceiling run with the median req/s; `ceilingRuns` has every run's req/s, in order. */
  ceiling: EndpointResult;
  ceilingRuns: number[];
  endpoints: EndpointResult[];
  serverPeakRssBytes: number;
  serverIdleRssBytes: number;
  adminList: { big: ListTiming; small: ListTiming | null; firstRatio: number | null; deepRatio: number | null };
  /** The conversation's thread and posts (run-messages.ts; PostgreSQL only). */
  conversation?: ConversationBench | { skipped: string };
  /** The search and the reports (run-search-reports.ts). */
  searchReports?: SearchReports;
}

export type TicketsPage = { tickets: unknown[]; nextCursor: string | null };

/** Run on exit unless BENCH_KEEP=1: drop the databases and remove the data dirs made for the run. */
export const cleanups: Array<() => Promise<void> | void> = [];

/**
 * Runs `main` when the file at `moduleUrl` is the command itself (`tsx scripts/bench/<file>.ts`), not
 * when it is imported; then the clean-ups (unless BENCH_KEEP=1), and exits: autocannon and pg may keep
 * handles open. An error is printed and exits 1.
 */
export function runAsCommand(moduleUrl: string, main: () => Promise<void>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== process.argv[1]) return;
  main()
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(async () => {
      if (!KEEP) for (const fn of cleanups) await fn();
      process.exit(process.exitCode ?? 0);
    });
}

export const log = (msg: string) => console.log(`[bench] ${msg}`);
