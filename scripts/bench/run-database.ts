/**
 * One database's benchmark: its targets (the 100,000 and the 1,000 set), seeding, the ceiling run either
 * side of each authenticated list, the app's endpoints and the admin list's 100,000 vs 1,000 timing.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Request } from 'autocannon';
import { unreadReader } from '../../src/server/modules/tickets/policy.js';
import { listTicketsStatement } from '../../src/server/modules/tickets/queries.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTarget, ROOT, SERVER_NODE_FLAGS, type Target } from './lib.js';
import { getJson, login } from './lib-http.js';
import { dropPgDatabase, freshPgDatabase } from './lib-postgres.js';
import { readMemory } from './lib-proc.js';
import { type Child, spawnNode, startServer, waitReady } from './lib-processes.js';
import { deepCursorPath, smallListTiming } from './run-admin-list.js';
import { measure, medianOfRounds } from './run-cannon.js';
import { benchConversation } from './run-messages.js';
import { type SearchReports, searchAndReports } from './run-search-reports.js';
import { addOwnCeilings, type OwnList } from './run-own-ceilings.js';
import {
  APP_PORT,
  BIG,
  CEILING_PORT,
  cleanups,
  type DatabaseReport,
  DEEP_PAGE,
  type EndpointResult,
  log,
  PAGE,
  ROUNDS,
  SMALL,
  type TicketsPage,
} from './run-settings.js';
import { openAndSeed } from './seed.js';
import {
  BENCH_PASSWORD,
  customerEmail,
  MEASURED_CUSTOMER_EMAIL,
  MEASURED_ENGINEER_EMAIL,
  MEASURED_TICKETS,
} from './seed-accounts.js';

/** The login bench cycles through this many of the seeded customers. */
const LOGIN_CUSTOMERS = 1000;

/**
 * Logins, each as another customer: more than 10 in flight for one email answer 429 by design (the
 * account's lock, DECISIONS.md §7.6), which would measure the lock instead of the login.
 */
function loginsOfManyCustomers(): Request[] {
  let n = 0;
  const body = () => JSON.stringify({ email: customerEmail((n++ % LOGIN_CUSTOMERS) + 1), password: BENCH_PASSWORD });
  return [{ setupRequest: (req) => ({ ...req, body: body() }) }];
}

async function prepareTargets(kind: Target['kind']): Promise<{ big: Target; small: Target | null }> {
  if (kind === 'pglite') {
    const big = mkdtempSync(join(tmpdir(), 'rf-bench-'));
    const small = mkdtempSync(join(tmpdir(), 'rf-bench-small-'));
    cleanups.push(
      () => rmSync(big, { recursive: true, force: true }),
      () => rmSync(small, { recursive: true, force: true }),
    );
    return { big: { kind, dataDir: big }, small: { kind, dataDir: small } };
  }
  const given = process.env.BENCH_DATABASE_URL;
  const server = given ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const bigUrl = given ?? (await freshPgDatabase(server, 'remotefix_bench'));
  let small: Target | null = null;
  try {
    const name = `${decodeURIComponent(new URL(bigUrl).pathname.slice(1))}_small`;
    const smallUrl = await freshPgDatabase(server, name);
    small = { kind, url: smallUrl };
    cleanups.push(() => dropPgDatabase(smallUrl).catch(() => {}));
  } catch (err) {
    log(
      `cannot create the 1,000-ticket database next to ${bigUrl} (${(err as Error).message}): the 100k vs 1k comparison is skipped`,
    );
  }
  if (!given) cleanups.push(() => dropPgDatabase(bigUrl).catch(() => {}));
  return { big: { kind, url: bigUrl }, small };
}

export async function benchDatabase(kind: Target['kind']): Promise<DatabaseReport> {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  log(`=== ${label} ===`);
  const { big, small } = await prepareTargets(kind);

  // 1. Seed both sets; take the ceiling's statement (name, SQL, parameters) from the app's own query.
  const t0 = performance.now();
  const seeded = await openAndSeed(openTarget(big), { tickets: BIG });
  // The ceiling runs the measured customer's first page as the app builds it.
  const customer = seeded.result.measuredCustomerId;
  const reader = unreadReader({ id: customer, role: 'user' });
  const built = listTicketsStatement(seeded.database.db, { userId: customer }, reader, PAGE);
  await seeded.database.close();
  const seed = seeded.result;
  if (seeded.reused)
    log(`${big.kind === 'postgres' ? big.url : big.dataDir} already holds the bench data: not seeded again`);
  else
    log(
      `seeded ${seed.tickets} tickets, ${seed.payments} payments, ${seed.events} events, ${seed.customers} customers in ${(seed.ms / 1000).toFixed(1)} s`,
    );
  if (small) {
    const s = await openAndSeed(openTarget(small), { tickets: SMALL });
    await s.database.close();
    log(`seeded the ${SMALL}-ticket set in ${(s.result.ms / 1000).toFixed(1)} s`);
  }

  // 2. The ceiling, in its own process beside the app's (PGlite allows one process per data
  // directory: there it runs on a copy of the data).
  let ceilingDataDir = '';
  if (big.kind === 'pglite') {
    ceilingDataDir = mkdtempSync(join(tmpdir(), 'rf-bench-ceiling-'));
    cpSync(big.dataDir, ceilingDataDir, { recursive: true });
    cleanups.push(() => rmSync(ceilingDataDir, { recursive: true, force: true }));
  }
  const ceilingEnv = {
    ...process.env,
    PORT: String(CEILING_PORT),
    CEILING_NAME: built.name,
    CEILING_SQL: built.text,
    CEILING_PARAMS: JSON.stringify(built.values),
    DATABASE_URL: big.kind === 'postgres' ? big.url : '',
    DATA_DIR: ceilingDataDir,
  };
  const ceilingProc = spawnNode(
    'ceiling',
    [...SERVER_NODE_FLAGS, '--import', 'tsx', join(ROOT, 'scripts/bench/ceiling.ts')],
    ceilingEnv,
  );
  await waitReady(`http://127.0.0.1:${CEILING_PORT}/healthz`, ceilingProc);
  const ceilingBody = await getJson<{ rows: unknown[] }>(`http://127.0.0.1:${CEILING_PORT}/ceiling`);
  if (ceilingBody.rows.length !== MEASURED_TICKETS)
    throw new Error(`the ceiling query returned ${ceilingBody.rows.length} rows, not ${MEASURED_TICKETS}`);
  const ceilingBase = `http://127.0.0.1:${CEILING_PORT}`;
  const measureCeiling = (own?: string) =>
    measure(
      ceilingProc,
      ceilingBase,
      own
        ? { name: `ceiling, the list's own SQL (${own})`, path: `/ceiling/${own}`, authenticated: false }
        : { name: 'ceiling: bare Fastify + same SQL', path: '/ceiling', authenticated: false },
      null,
    );
  const ceilingRuns: EndpointResult[] = [];
  let server: Child;
  try {
    ceilingRuns.push(await measureCeiling());
    // 3. The app.
    server = await startServer(big, APP_PORT);
  } catch (err) {
    await ceilingProc.stop();
    throw err;
  }
  const base = `http://127.0.0.1:${APP_PORT}`;
  /**
   * An authenticated read, then the ceiling again: the read's ratio is to the mean of the ceiling's
   * runs just before and just after it, so a machine that slows down or speeds up meanwhile moves both.
   */
  const againstCeiling = async (spec: Parameters<typeof measure>[2]): Promise<EndpointResult> => {
    const before = ceilingRuns.at(-1)?.rps ?? NaN;
    const result = await measure(server, base, spec, null);
    const after = await measureCeiling();
    ceilingRuns.push(after);
    const reference = (before + after.rps) / 2;
    return { ...result, ceilingRps: reference, ratioToCeiling: result.rps / reference };
  };
  const endpoints: EndpointResult[] = [];
  let idle = 0;
  let list: DatabaseReport['adminList'];
  let conversation: DatabaseReport['conversation'];
  let searchReports: SearchReports;
  try {
    idle = readMemory(server.pid)?.rss ?? 0;
    const customer = await login(base, MEASURED_CUSTOMER_EMAIL, BENCH_PASSWORD);
    const engineer = await login(base, MEASURED_ENGINEER_EMAIL, BENCH_PASSWORD);
    const admin = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const mine = await getJson<TicketsPage>(`${base}/api/tickets`, customer);
    const assigned = await getJson<TicketsPage>(`${base}/api/engineer/assigned-tickets`, engineer);
    if (mine.tickets.length !== MEASURED_TICKETS || assigned.tickets.length !== MEASURED_TICKETS) {
      throw new Error(
        `expected ${MEASURED_TICKETS} tickets each, got ${mine.tickets.length} (customer) and ${assigned.tickets.length} (engineer)`,
      );
    }
    const deep = await deepCursorPath(base, admin, DEEP_PAGE);
    endpoints.push(
      await measure(
        server,
        base,
        { name: 'GET /api/admin/services/main', path: '/api/admin/services/main', authenticated: false },
        null,
      ),
    );
    // `own`: the list's own statement on the ceiling's route (PostgreSQL; run-own-ceilings.ts).
    const lists: (Parameters<typeof measure>[2] & {
      token: string;
      own?: Pick<OwnList, 'key' | 'scope' | 'viewer'>;
    })[] = [
      { name: 'GET /api/tickets (customer, 20)', path: '/api/tickets', token: customer, authenticated: true },
      {
        name: 'GET /api/engineer/assigned-tickets (20)',
        path: '/api/engineer/assigned-tickets',
        token: engineer,
        authenticated: true,
        own: { key: 'engineer', scope: { engineerId: seed.measuredEngineerId }, viewer: 'staff' },
      },
      {
        name: 'GET /api/admin/tickets (first page)',
        path: '/api/admin/tickets',
        token: admin,
        authenticated: true,
        own: { key: 'admin-first', scope: {}, viewer: 'staff' },
      },
      {
        name: `GET /api/admin/tickets?status=completed (page ${deep.page})`,
        path: deep.path,
        token: admin,
        authenticated: true,
        own: { key: 'admin-deep', scope: { status: 'completed' }, viewer: 'staff' },
      },
    ];
    const ownCeilings = big.kind === 'postgres';
    if (ownCeilings)
      await addOwnCeilings(
        big.url,
        base,
        ceilingBase,
        lists.flatMap(({ own, path, token }) => (own ? [{ ...own, path, token }] : [])),
      );
    const runs = lists.map((): EndpointResult[] => []);
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) log(` round ${round} of ${ROUNDS}`);
      for (const [i, spec] of lists.entries()) {
        const result = await againstCeiling(spec);
        if (!ownCeilings) runs[i]!.push(result);
        else {
          // The customer's own statement is the ceiling's: its reference is the same.
          const own = spec.own ? (await measureCeiling(spec.own.key)).rps : (result.ceilingRps ?? NaN);
          runs[i]!.push({ ...result, ownCeilingRps: own, ratioToOwnCeiling: result.rps / own });
        }
      }
    }
    const measured = runs.map(medianOfRounds);
    endpoints.push(...measured);
    const [, , first, deepResult] = measured as [EndpointResult, EndpointResult, EndpointResult, EndpointResult];
    // The conversation's thread and posts, each beside the ceiling running its SQL (run-messages.ts).
    if (big.kind === 'postgres') {
      const setup = { url: big.url, server, base, ceiling: ceilingProc, ceilingBase, customerToken: customer };
      conversation = await benchConversation(setup);
    }
    await ceilingProc.stop();
    // Not a target: the per-request cost of authentication alone (token check + loading the user),
    // which every authenticated read pays on top of the ceiling's one query.
    endpoints.push(
      await measure(
        server,
        base,
        { name: 'reference: GET /api/me (auth only)', path: '/api/me', token: customer, authenticated: false },
        null,
      ),
    );
    endpoints.push(
      await measure(
        server,
        base,
        {
          name: 'POST /api/login (argon2id)',
          method: 'POST',
          path: '/api/login',
          body: { email: MEASURED_CUSTOMER_EMAIL, password: BENCH_PASSWORD },
          requests: loginsOfManyCustomers(),
          authenticated: false,
        },
        null,
      ),
    );
    list = {
      big: {
        tickets: BIG,
        firstPage: { sequentialP50: NaN, sequentialP99: NaN, p50At50: first.p50, rpsAt50: first.rps },
        deepPage: {
          page: deep.page,
          sequentialP50: NaN,
          sequentialP99: NaN,
          p50At50: deepResult.p50,
          rpsAt50: deepResult.rps,
        },
      },
      small: null,
      firstRatio: null,
      deepRatio: null,
    };

    // 4. The same admin list on 1,000 tickets, from a second server running beside the first.
    if (small) await smallListTiming(small, { base, admin, deep }, list);
    // 5. The search and the reports, the reports beside a 10,000-ticket set (run-search-reports.ts).
    searchReports = await searchAndReports(big, { base, admin, tickets: seed.tickets });
  } finally {
    await server.stop();
    await ceilingProc.stop();
  }
  const byRps = [...ceilingRuns].sort((a, b) => a.rps - b.rps);
  const ceiling = byRps[Math.floor((byRps.length - 1) / 2)] as EndpointResult;
  const serverPeak = Math.max(...endpoints.map((e) => e.peakRssBytes));
  log(`${label} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return {
    database: label,
    seed: {
      tickets: seed.tickets,
      payments: seed.payments,
      events: seed.events,
      customers: seed.customers,
      seconds: seed.ms / 1000,
    },
    ceiling,
    ceilingRuns: ceilingRuns.map((r) => r.rps),
    endpoints,
    serverPeakRssBytes: serverPeak,
    serverIdleRssBytes: idle,
    adminList: list,
    conversation,
    searchReports,
  };
}
