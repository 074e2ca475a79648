/**
 * Page budgets (issue 6, item 2): `npm run budgets` builds, then this script
 *
 *  1. starts the built production server (dist/server/server/main.js) on a free port in 4700–4709
 *     with a fresh DATA_DIR (embedded PGlite) and a superadmin from ADMIN_EMAIL/ADMIN_PASSWORD;
 *  2. through the API, makes a customer with a booked ticket and an engineer with an assigned,
 *     in-progress ticket;
 *  3. runs Lighthouse 12 (its default: mobile emulation, simulated throttling) on `/` three times
 *     and takes the median of performance, accessibility, best practices, SEO and LCP;
 *  4. runs axe-core (Playwright + Chromium) on every page and every dashboard tab for every role;
 *  5. prints both beside the targets, marking each met or missed (it does not fail on a miss), and
 *     writes bench-results/budgets.json.
 *
 * The server and the browsers are stopped on exit, on an error and on Ctrl-C.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { median } from './bench/lib-report.js';
import { createAccounts } from './budgets/accounts.js';
import { runAxe } from './budgets/axe.js';
import { killAll, running } from './budgets/cleanup.js';
import { type Category, CATEGORIES, LIGHTHOUSE_RUNS } from './budgets/config.js';
import { runLighthouse } from './budgets/lighthouse.js';
import { report } from './budgets/report.js';
import { startServer } from './budgets/server.js';

async function main() {
  const started = Date.now();
  console.log('Starting the production server…');
  const base = await startServer();
  console.log(`  ${base} (DATA_DIR ${running.dataDir})`);
  console.log('Creating a customer with a booked ticket and an engineer with an in-progress ticket…');
  const accounts = await createAccounts(base);

  console.log(`Lighthouse (mobile, ${LIGHTHOUSE_RUNS} runs) on ${base}/ …`);
  const runs = await runLighthouse(`${base}/`);
  const medians = {
    ...(Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<
      Category,
      number
    >),
    lcpMs: median(runs.map((r) => r.lcpMs)),
  };

  console.log('axe on every page and tab…');
  const axeRows = await runAxe(base, accounts);

  report(started, runs, medians, axeRows);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    killAll();
  });
