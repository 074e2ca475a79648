/**
 * The admin list on 100,000 vs 1,000 tickets: finding the deep page by cursor, the second server on the
 * 1,000 set, and the one-at-a-time requests alternating between the two.
 */
import { performance } from 'node:perf_hooks';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Target } from './lib.js';
import { getJson, login } from './lib-http.js';
import { startServer } from './lib-processes.js';
import { measure } from './run-cannon.js';
import { type DatabaseReport, log, PAGE, SMALL, SMALL_PORT, type TicketsPage } from './run-settings.js';

/** Follows nextCursor down the completed tickets; answers the URL of page `page` (or the last one). */
export async function deepCursorPath(
  base: string,
  token: string,
  page: number,
): Promise<{ path: string; page: number }> {
  let cursor: string | null = null;
  let reached = 1;
  for (; reached < page; reached++) {
    const qs = `status=completed&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
    const body: TicketsPage = await getJson<TicketsPage>(`${base}/api/admin/tickets?${qs}`, token);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return {
    path: `/api/admin/tickets?status=completed&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`,
    page: reached,
  };
}

/**
 * The admin list's first page and deep page, one request at a time, on both sizes at once: requests
 * alternate between the 100,000 and the 1,000 server, so a change in the machine's load hits both alike.
 */
async function interleavedListTiming(
  big: { base: string; token: string; deepPath: string },
  small: { base: string; token: string; deepPath: string },
  count: number,
) {
  const time = async (url: string, token: string) => {
    const start = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    return performance.now() - start;
  };
  const out = {
    bigFirst: [] as number[],
    smallFirst: [] as number[],
    bigDeep: [] as number[],
    smallDeep: [] as number[],
  };
  for (let i = 0; i < count + 30; i++) {
    const keep = i >= 30;
    const t = [
      await time(`${big.base}/api/admin/tickets`, big.token),
      await time(`${small.base}/api/admin/tickets`, small.token),
      await time(`${big.base}${big.deepPath}`, big.token),
      await time(`${small.base}${small.deepPath}`, small.token),
    ] as const;
    if (!keep) continue;
    out.bigFirst.push(t[0]);
    out.smallFirst.push(t[1]);
    out.bigDeep.push(t[2]);
    out.smallDeep.push(t[3]);
  }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
  const stats = (xs: number[]) => ({ p50: pct(xs, 50), p99: pct(xs, 99) });
  return {
    bigFirst: stats(out.bigFirst),
    smallFirst: stats(out.smallFirst),
    bigDeep: stats(out.bigDeep),
    smallDeep: stats(out.smallDeep),
  };
}

/**
 * The same admin list on 1,000 tickets, from a second server running beside the first (on `big.base`):
 * fills in `list`'s one-at-a-time figures, its 1,000-ticket side and the ratios of the two.
 */
export async function smallListTiming(
  small: Target,
  big: { base: string; admin: string; deep: { path: string; page: number } },
  list: DatabaseReport['adminList'],
): Promise<void> {
  const { base, admin, deep } = big;
  const smallBase = `http://127.0.0.1:${SMALL_PORT}`;
  const smallServer = await startServer(small, SMALL_PORT);
  try {
    const smallAdmin = await login(smallBase, ADMIN_EMAIL, ADMIN_PASSWORD);
    const smallDeep = await deepCursorPath(smallBase, smallAdmin, deep.page);
    if (smallDeep.page !== deep.page)
      log(`the ${SMALL}-ticket set has only ${smallDeep.page} pages of completed tickets`);
    // At 50 connections first (this also warms the fresh server up), then one at a time, alternating.
    const sFirst = await measure(
      smallServer,
      smallBase,
      {
        name: `${SMALL} tickets: admin list, first page`,
        path: '/api/admin/tickets',
        token: smallAdmin,
        authenticated: true,
      },
      null,
    );
    const sDeep = await measure(
      smallServer,
      smallBase,
      {
        name: `${SMALL} tickets: admin list, completed, page ${smallDeep.page}`,
        path: smallDeep.path,
        token: smallAdmin,
        authenticated: true,
      },
      null,
    );
    const seq = await interleavedListTiming(
      { base, token: admin, deepPath: deep.path },
      { base: smallBase, token: smallAdmin, deepPath: smallDeep.path },
      400,
    );
    list.big.firstPage.sequentialP50 = seq.bigFirst.p50;
    list.big.firstPage.sequentialP99 = seq.bigFirst.p99;
    list.big.deepPage.sequentialP50 = seq.bigDeep.p50;
    list.big.deepPage.sequentialP99 = seq.bigDeep.p99;
    list.small = {
      tickets: SMALL,
      firstPage: {
        sequentialP50: seq.smallFirst.p50,
        sequentialP99: seq.smallFirst.p99,
        p50At50: sFirst.p50,
        rpsAt50: sFirst.rps,
      },
      deepPage: {
        page: smallDeep.page,
        sequentialP50: seq.smallDeep.p50,
        sequentialP99: seq.smallDeep.p99,
        p50At50: sDeep.p50,
        rpsAt50: sDeep.rps,
      },
    };
    list.firstRatio = seq.bigFirst.p50 / seq.smallFirst.p50;
    list.deepRatio = seq.bigDeep.p50 / seq.smallDeep.p50;
  } finally {
    await smallServer.stop();
  }
}
