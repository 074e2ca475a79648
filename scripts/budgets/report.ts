/** The page budgets' report: Lighthouse and axe beside the targets, printed, then written to bench-results/budgets.json. */
import { execFileSync } from 'node:child_process';
import { ROOT } from '../bench/lib.js';
import { writeResults } from '../bench/lib-report.js';
import { type AxeRow, IMPACTS } from './axe.js';
import { CHROMIUM_PATH } from '../chromium.js';
import { type Category, CATEGORIES, LIGHTHOUSE_RUNS, TARGETS } from './config.js';
import type { LighthouseRun } from './lighthouse.js';

/** The median of the Lighthouse runs: each category's score, and LCP. */
export type Medians = Record<Category, number> & { lcpMs: number };

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Prints Lighthouse's and axe's figures beside the targets and writes them all (with the runs) to budgets.json. */
export function report(started: number, runs: LighthouseRun[], medians: Medians, axeRows: AxeRow[]) {
  const lighthouseRows = [
    ...CATEGORIES.map((c) => ({
      metric: c,
      value: medians[c],
      target: `≥ ${TARGETS[c]}`,
      met: medians[c] >= TARGETS[c],
      shown: String(medians[c]),
    })),
    {
      metric: 'LCP',
      value: medians.lcpMs,
      target: `< ${(TARGETS.lcpMs / 1000).toFixed(1)} s`,
      met: medians.lcpMs < TARGETS.lcpMs,
      shown: `${(medians.lcpMs / 1000).toFixed(2)} s`,
    },
  ];
  const totalViolations = axeRows.reduce((n, r) => n + IMPACTS.reduce((m, i) => m + r.counts[i], 0), 0);
  const axeErrors = axeRows.filter((r) => r.error);

  console.log(`\nLighthouse on / (median of ${LIGHTHOUSE_RUNS}, mobile)`);
  console.log(
    table(
      ['metric', 'median', 'runs', 'target', 'result'],
      lighthouseRows.map((r) => [
        r.metric,
        r.shown,
        runs
          .map((run) => (r.metric === 'LCP' ? (run.lcpMs / 1000).toFixed(2) : String(run.scores[r.metric as Category])))
          .join(' / '),
        r.target,
        r.met ? 'met' : 'MISSED',
      ]),
    ),
  );
  const failing = new Map<string, string>();
  for (const run of runs)
    for (const a of run.failedAudits) failing.set(`${a.category}: ${a.id}`, `${a.title} (score ${a.score})`);
  if (failing.size) {
    console.log('\nLighthouse audits below full score (any run):');
    for (const [id, text] of failing) console.log(`  ${id}: ${text}`);
  }

  console.log('\naxe-core violations by impact (rules violated; nodes in bench-results/budgets.json)');
  console.log(
    table(
      ['page / tab', 'role', 'critical', 'serious', 'moderate', 'minor', 'result'],
      axeRows.map((r) => [
        r.page,
        r.role,
        ...IMPACTS.map((i) => String(r.counts[i])),
        r.error ? `ERROR: ${r.error.slice(0, 60)}` : IMPACTS.some((i) => r.counts[i] > 0) ? 'MISSED' : 'met',
      ]),
    ),
  );
  for (const r of axeRows) {
    for (const v of r.violations)
      console.log(`  ${r.page} (${r.role}): [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).join(' | ')}`);
  }
  console.log(
    `\nTargets: performance ≥ ${TARGETS.performance}, accessibility/best-practices/SEO ${TARGETS.accessibility}, LCP < ${TARGETS.lcpMs / 1000} s, zero axe violations.`,
  );
  console.log(
    `Summary: Lighthouse ${lighthouseRows.filter((r) => r.met).length}/${lighthouseRows.length} met; axe ${totalViolations} violation(s) on ${axeRows.length} pages/tabs${axeErrors.length ? `, ${axeErrors.length} could not be checked` : ''}.`,
  );

  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    commit = undefined;
  }
  const file = writeResults('budgets.json', {
    date: new Date().toISOString(),
    commit,
    command: 'npm run budgets',
    chromium: CHROMIUM_PATH,
    targets: TARGETS,
    lighthouse: {
      url: '/',
      formFactor: 'mobile (Lighthouse default, simulated throttling)',
      runs,
      median: medians,
      met: Object.fromEntries(lighthouseRows.map((r) => [r.metric, r.met])),
    },
    axe: { totalViolations, met: totalViolations === 0 && axeErrors.length === 0, pages: axeRows },
    durationSeconds: Math.round((Date.now() - started) / 1000),
  });
  console.log(`Wrote ${file.replace(`${ROOT}/`, '')}`);
}
