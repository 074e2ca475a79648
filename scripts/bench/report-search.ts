/** The search and reports section's printed tables and its target checks (see run-search-reports.ts). */
import { table } from './lib-report.js';
import type { TargetCheck } from './run-report.js';
import type { SearchReports } from './run-search-reports.js';
import { TARGET_SCALE, TARGET_SEARCH_MS } from './run-settings.js';

const f1 = (n: number) => n.toFixed(1);

export function searchReportsChecks(database: string, r: SearchReports): TargetCheck[] {
  const ms = (p50: number) => `${f1(p50)} ms p50`;
  return [
    ...r.search.map((s) => ({
      database,
      target: `search, ${s.name}: ≤ ${TARGET_SEARCH_MS} ms p50 (1 conn, ${r.tickets} tickets)`,
      figure: ms(s.p50),
      met: s.p50 <= TARGET_SEARCH_MS,
    })),
    ...r.reports.flatMap((p) => [
      {
        database,
        target: `reports, ${p.name}: ≤ ${TARGET_SEARCH_MS} ms p50 (1 conn, ${r.tickets} tickets)`,
        figure: ms(p.big.p50),
        met: p.big.p50 <= TARGET_SEARCH_MS,
      },
      {
        database,
        target: `reports, ${p.name}: ${r.tickets} within ${TARGET_SCALE}× of ${r.midTickets} tickets`,
        figure: `${p.ratio.toFixed(2)}×`,
        met: p.ratio <= TARGET_SCALE,
      },
    ]),
  ];
}

export function printSearchReports(r: SearchReports) {
  console.log(
    `\nSearch, GET /api/admin/tickets?q= on ${r.tickets} tickets (1 connection, ${r.requests} requests each):`,
  );
  console.log(
    table([
      ['search', 'q', 'p50 ms', 'p99 ms', 'first page'],
      ...r.search.map((s) => [s.name, s.q, f1(s.p50), f1(s.p99), `${s.found}${s.more ? '+' : ''}`]),
    ]),
  );
  console.log(
    `\nReports, GET /api/admin/reports on ${r.tickets} tickets (a year) vs ${r.midTickets} (as many bookings a day, ` +
      `${f1(r.midDays)} days) (1 connection, alternating, ${r.requests} requests each):`,
  );
  console.log(
    table([
      ['range', 'tickets', 'booked in range', 'p50 ms', 'p99 ms'],
      ...r.reports.flatMap((p) => [
        [`${p.name}, ${p.from} to ${p.to}`, String(r.tickets), String(p.big.booked), f1(p.big.p50), f1(p.big.p99)],
        ['', String(r.midTickets), String(p.mid.booked), f1(p.mid.p50), f1(p.mid.p99)],
      ]),
    ]),
  );
  console.log(
    `ratio ${r.tickets}/${r.midTickets} (p50): ${r.reports.map((p) => `${p.name} ${p.ratio.toFixed(2)}×`).join(', ')}`,
  );
}
