/**
 * The soak's settings (port, durations, data set, mix of connections, env), the shapes of its results,
 * its log and the clean-ups it runs on exit (see scripts/bench/soak.ts).
 */

export const PORT = 4510;
export const DURATION = Number(process.env.SOAK_DURATION ?? 60);
export const WARMUP = Number(process.env.SOAK_WARMUP ?? 10);
export const TICKETS = Number(process.env.SOAK_TICKETS ?? 5_000);
export const KEEP = process.env.SOAK_KEEP === '1';
export const TARGET_GROWTH = 0.1;

/** 200 connections in all. */
export const MIX = { browse: 90, bookings: 60, admin: 30, logins: 20 } as const;
export type Workload = keyof typeof MIX;

export const log = (msg: string) => console.log(`[soak] ${msg}`);

/** Run on exit unless SOAK_KEEP=1: remove the data dirs made for the run. */
export const cleanups: Array<() => void> = [];

export interface WorkloadResult {
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

export interface SoakReport {
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
