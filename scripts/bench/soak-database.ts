/** One database's soak: seeding, the server, the warm-up and the measured run, and its memory over time. */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openTarget, sleep, type Target } from './lib.js';
import { type Child, startServer } from './lib-processes.js';
import { cpuSeconds, readMemory } from './lib-proc.js';
import { mb, median } from './lib-report.js';
import { openAndSeed } from './seed.js';
import { checkIntegrity, countTickets } from './soak-integrity.js';
import { DURATION, log, MIX, PORT, type SoakReport, TICKETS, WARMUP } from './soak-settings.js';
import { fixture, runMix, summarise } from './soak-workloads.js';

export async function soak(target: Target): Promise<SoakReport> {
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
