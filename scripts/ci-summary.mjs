// Reads the JSON reports of the API and browser suites. Fails if either suite ran no test, or if
// TEST_DATABASE_URL was set and the API suite did not run on both databases (each test file then
// appears once per database). Ends with the plain "N passed, N failed" line.
import { readFileSync } from 'node:fs';

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.error(`FATAL: ${file} is missing: that suite did not run.`);
    process.exit(1);
  }
}

const vitest = read('reports/vitest.json');
const apiPassed = vitest.numPassedTests ?? 0;
const apiFailed = (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites ?? 0);
const databases = process.env.TEST_DATABASE_URL ? 2 : 1;
const runsPerFile = new Map();
// The fault tests (tests/fault) are one project that covers both databases inside each file.
for (const file of vitest.testResults ?? []) {
  if (/[\\/]tests[\\/]fault[\\/]/.test(file.name)) continue;
  runsPerFile.set(file.name, (runsPerFile.get(file.name) ?? 0) + 1);
}
const short = [...runsPerFile].filter(([, runs]) => runs < databases).map(([name]) => name);

const e2e = read('reports/e2e.json');
const e2ePassed = e2e.stats?.expected ?? 0;
const e2eFailed = (e2e.stats?.unexpected ?? 0) + (e2e.stats?.flaky ?? 0);

// The dependency audit (scripts/audit-deps.ts) gates by itself; this repeats what it found, or that
// it could not ask.
try {
  const audit = JSON.parse(readFileSync('reports/audit.json', 'utf8'));
  console.log(
    audit.kind === 'checked'
      ? `Dependency audit (npm audit --omit=dev): ${audit.counts.high} high, ${audit.counts.critical} critical`
      : `Dependency audit (npm audit --omit=dev): NOT CHECKED (${audit.reason})`,
  );
} catch {
  console.log('Dependency audit (npm audit --omit=dev): no report');
}
console.log(
  `API tests (${databases === 2 ? 'PGlite and PostgreSQL' : 'PGlite'}): ${apiPassed} passed, ${apiFailed} failed`,
);
console.log(`Browser tests (Chromium): ${e2ePassed} passed, ${e2eFailed} failed`);
if (apiPassed === 0 || e2ePassed === 0) {
  console.error('FATAL: a suite ran no test.');
  process.exit(1);
}
if (short.length > 0) {
  console.error(`FATAL: these API test files did not run on every database: ${short.join(', ')}`);
  process.exit(1);
}
console.log(`${apiPassed + e2ePassed} passed, ${apiFailed + e2eFailed} failed`);
process.exit(apiFailed + e2eFailed > 0 ? 1 : 0);
