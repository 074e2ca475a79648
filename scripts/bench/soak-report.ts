/** The soak's printed report for one database: the workloads' table, CPU, memory, errors and bookings. */
import { mb, table } from './lib-report.js';
import { DURATION, type SoakReport, TARGET_GROWTH, WARMUP } from './soak-settings.js';

export function print(report: SoakReport) {
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
