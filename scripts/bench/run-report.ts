/** The benchmark's report: each database's figures checked against the targets, and the printed tables. */
import { mb, table } from './lib-report.js';
import { conversationChecks, printConversation } from './report-messages.js';
import { printSearchReports, searchReportsChecks } from './report-search.js';
import {
  BIG,
  CONNECTIONS,
  type DatabaseReport,
  DURATION,
  type EndpointResult,
  type ListTiming,
  PAGE,
  ROUNDS,
  SMALL,
  TARGET_P99_MS,
  TARGET_RATIO,
  TARGET_READ_RATIO,
  TARGET_SCALE,
  WARMUP,
} from './run-settings.js';
import type { WebBudget } from './web-budget.js';

export const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
/** A ratio to two places, or three where two would show a target itself (0.6996 is not 0.70). */
export const ratio = (n: number) =>
  [TARGET_RATIO, TARGET_READ_RATIO].some((t) => n !== t && n.toFixed(2) === t.toFixed(2)) ? n.toFixed(3) : f2(n);
/** A ratio, or `-` where there is none. */
const ratioCell = (n: number | null | undefined) => (n === null || n === undefined ? '-' : ratio(n));

export interface TargetCheck {
  database: string;
  target: string;
  figure: string;
  met: boolean;
  note?: string;
}

/** A figure with its rounds beside it when there were several: `0.76× (0.74 / 0.80 / 0.76)`. */
function withRounds(
  figure: string,
  e: EndpointResult,
  pick: (r: NonNullable<EndpointResult['rounds']>[number]) => string,
) {
  return e.rounds && e.rounds.length > 1 ? `${figure} (rounds ${e.rounds.map(pick).join(' / ')})` : figure;
}

export function checks(report: DatabaseReport): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const e of report.endpoints) {
    if (e.ratioToCeiling !== null) {
      out.push({
        database: report.database,
        target: `${e.name}: ≥ ${TARGET_READ_RATIO} of the ceiling`,
        figure: withRounds(`${ratio(e.ratioToCeiling)}×`, e, (r) => ratioCell(r.ratioToCeiling)),
        met: e.ratioToCeiling >= TARGET_READ_RATIO,
      });
    }
  }
  for (const e of report.endpoints) {
    if (e.name.startsWith('reference:')) continue;
    const isLogin = e.path === '/api/login';
    out.push({
      database: report.database,
      target: `${e.name}: p99 < ${TARGET_P99_MS} ms at ${CONNECTIONS} connections`,
      figure: withRounds(`${e.p99} ms`, e, (r) => String(r.p99)),
      met: e.p99 < TARGET_P99_MS,
      ...(isLogin
        ? { note: 'argon2id (19 MiB, t=2) per login is CPU-bound by design; 4 libuv threads on 2 cores' }
        : {}),
    });
  }
  const l = report.adminList;
  if (l.small && l.firstRatio !== null && l.deepRatio !== null) {
    out.push({
      database: report.database,
      target: `admin list first page: ${BIG} within ${TARGET_SCALE}× of ${SMALL} tickets`,
      figure: `${f2(l.firstRatio)}×`,
      met: l.firstRatio <= TARGET_SCALE,
    });
    out.push({
      database: report.database,
      target: `admin list deep page: ${BIG} within ${TARGET_SCALE}× of ${SMALL} tickets`,
      figure: `${f2(l.deepRatio)}×`,
      met: l.deepRatio <= TARGET_SCALE,
    });
  }
  if (report.searchReports) out.push(...searchReportsChecks(report.database, report.searchReports));
  if (report.conversation && !('skipped' in report.conversation))
    out.push(...conversationChecks(report.database, report.conversation));
  return out;
}

/**
 * The server's CPU time per request, in µs: steadier than req/s on shared cores, since time the
 * server waits for a core it does not get is not counted.
 */
const cpuPerRequest = (e: EndpointResult) => (e.rps > 0 ? ((e.serverCpuCores / e.rps) * 1e6).toFixed(0) : '-');

export function printDatabase(report: DatabaseReport) {
  const own = report.endpoints.some((e) => e.ratioToOwnCeiling !== undefined);
  const rows = [
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p99 ms',
      '× ceiling',
      ...(own ? ['× own SQL'] : []),
      'peak RSS MB',
      'CPU cores',
      'CPU µs/req',
      'non-2xx/err',
    ],
    [
      report.ceiling.name,
      report.ceiling.rps.toFixed(0),
      String(report.ceiling.p50),
      String(report.ceiling.p99),
      '1.00',
      ...(own ? ['-'] : []),
      mb(report.ceiling.peakRssBytes),
      f2(report.ceiling.serverCpuCores),
      cpuPerRequest(report.ceiling),
      `${report.ceiling.non2xx}/${report.ceiling.errors}`,
    ],
    ...report.endpoints.map((e) => [
      e.name,
      e.rps.toFixed(0),
      String(e.p50),
      String(e.p99),
      ratioCell(e.ratioToCeiling),
      ...(own ? [ratioCell(e.ratioToOwnCeiling)] : []),
      mb(e.peakRssBytes),
      f2(e.serverCpuCores),
      cpuPerRequest(e),
      `${e.non2xx}/${e.errors + e.timeouts}`,
    ]),
  ];
  console.log(
    `\n${report.database}: ${report.seed.tickets} tickets, ${report.seed.payments} payments, ${report.seed.events} events, ${report.seed.customers} customers (seeded in ${f1(report.seed.seconds)} s)`,
  );
  console.log(
    `${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s per endpoint` +
      (ROUNDS > 1 ? ` (the lists ${ROUNDS} rounds each: medians)` : '') +
      `; server RSS idle ${mb(report.serverIdleRssBytes)} MB, peak ${mb(report.serverPeakRssBytes)} MB`,
  );
  console.log(table(rows));
  console.log(
    `ceiling req/s before the first list and after each: ${report.ceilingRuns.map((r) => r.toFixed(0)).join(', ')}` +
      " (its row shows the median run; each list's ratio is to the mean of the runs either side of it)",
  );
  for (const e of report.endpoints.filter((x) => x.rounds && x.rounds.length > 1)) {
    const rounds = e.rounds ?? [];
    console.log(
      `  ${e.name}, by round: req/s ${rounds.map((r) => r.rps.toFixed(0)).join(' / ')}; p99 ${rounds.map((r) => r.p99).join(' / ')} ms; ` +
        `× ceiling ${rounds.map((r) => ratioCell(r.ratioToCeiling)).join(' / ')}` +
        (e.ratioToOwnCeiling === undefined
          ? ''
          : `; × own SQL ${rounds.map((r) => ratioCell(r.ratioToOwnCeiling)).join(' / ')}`),
    );
  }
  if (own)
    console.log(
      "× own SQL (information, not the target): the list's req/s over the same bare route running the list's own\n" +
        " statement, measured just after it; the target's ceiling runs GET /api/tickets's SQL, whose answer is the smallest.",
    );
  const l = report.adminList;
  const listRows = [
    [
      'admin list',
      'tickets',
      'p50 ms (1 conn)',
      'p99 ms (1 conn)',
      `p50 ms (${CONNECTIONS} conn)`,
      `req/s (${CONNECTIONS} conn)`,
    ],
    ...[l.big, l.small]
      .filter((x): x is ListTiming => x !== null)
      .flatMap((t) => [
        [
          'first page',
          String(t.tickets),
          f2(t.firstPage.sequentialP50),
          f2(t.firstPage.sequentialP99),
          String(t.firstPage.p50At50),
          t.firstPage.rpsAt50.toFixed(0),
        ],
        [
          `completed, page ${t.deepPage.page}`,
          String(t.tickets),
          f2(t.deepPage.sequentialP50),
          f2(t.deepPage.sequentialP99),
          String(t.deepPage.p50At50),
          t.deepPage.rpsAt50.toFixed(0),
        ],
      ]),
  ];
  console.log(`\nAdmin list, ${BIG} vs ${SMALL} tickets (${PAGE} a page):`);
  console.log(table(listRows));
  if (l.firstRatio !== null && l.deepRatio !== null) {
    console.log(
      `ratio ${BIG}/${SMALL} (1-connection p50): first page ${f2(l.firstRatio)}×, deep page ${f2(l.deepRatio)}×`,
    );
  }
  if (report.searchReports) printSearchReports(report.searchReports);
  if (report.conversation) printConversation(report.conversation);
}

export function printWeb(web: WebBudget) {
  const rows = [
    [
      'route',
      'initial JS gzip bytes',
      'JS gzip once live',
      'JS files once live',
      'CSS gzip bytes',
      'JS raw bytes once live',
    ],
    ...web.routes.map((r) => [
      r.route,
      String(r.initialJsGzip),
      String(r.liveJsGzip),
      String(r.js.length),
      String(r.cssGzip),
      String(r.jsRaw),
    ]),
  ];
  console.log(
    `\nWeb build, initial JS and CSS per route (gzip level ${web.gzipLevel}, each file compressed on its own as served):`,
  );
  console.log(table(rows));
  console.log(
    '(`/`: a first visit loads only its entry; React and the page code load once the page needs them: at once with a session,\n' +
      ' a carried toast or a sign-in error, otherwise when a button or field is reached for or the live catalogue scrolls near.)',
  );
}
