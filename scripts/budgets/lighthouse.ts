/** Lighthouse on a page, LIGHTHOUSE_RUNS times: each run's category scores, metrics, diagnostics and failed audits. */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../chromium.js';
import { running } from './cleanup.js';
import { type Category, CATEGORIES, CHROME_FLAGS, LIGHTHOUSE_RUNS } from './config.js';

export interface LighthouseRun {
  scores: Record<Category, number>;
  lcpMs: number;
  metrics: Record<string, number | undefined>;
  /** What to look at when performance misses: the LCP element and the elements that shifted. */
  diagnostics: Record<string, unknown>;
  failedAudits: {
    id: string;
    category: Category;
    title: string;
    score: number | null;
    displayValue?: string;
    items?: unknown[];
  }[];
}

export async function runLighthouse(url: string): Promise<LighthouseRun[]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  running.chrome = chrome;
  const runs: LighthouseRun[] = [];
  try {
    let retries = 0;
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      // No config: Lighthouse's default, which is a mobile device with simulated throttling.
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) {
        // A trace Lighthouse failed to record (NO_NAVSTART and the like: "please run Lighthouse again")
        // says nothing about the page: run again, twice at most in all.
        if (retries < 2) {
          retries++;
          console.log(`  Lighthouse run ${i + 1}/${LIGHTHOUSE_RUNS}: ${lhr.runtimeError.code}, running it again`);
          i--;
          continue;
        }
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const failedAudits = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id]!)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => ({
            id: a.id,
            category,
            title: a.title,
            score: a.score,
            displayValue: a.displayValue,
            // What the audit found (the first few items), to act on without rerunning Lighthouse.
            items: (a.details as { items?: unknown[] } | undefined)?.items?.slice(0, 5),
          })),
      );
      const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
      const metrics = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
          'interactive',
        ].map((id) => [id, lhr.audits[id]?.numericValue]),
      );
      const items = (id: string) => (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items;
      const diagnostics = {
        lcpElement: items('largest-contentful-paint-element'),
        layoutShifts: items('layout-shifts')?.slice(0, 5),
        renderBlocking: items('render-blocking-resources'),
      };
      runs.push({ scores, lcpMs, metrics, diagnostics, failedAudits });
      console.log(
        `  Lighthouse run ${i + 1}/${LIGHTHOUSE_RUNS}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}, LCP ${(lcpMs / 1000).toFixed(2)} s`,
      );
    }
  } finally {
    chrome.kill();
    running.chrome = undefined;
  }
  return runs;
}
