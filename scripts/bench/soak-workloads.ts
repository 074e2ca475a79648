/**
 * The soak's workloads: the data they run on (tokens, catalogue, entry script), the requests of each,
 * running the mix of them at once with autocannon, and summarising each one's run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Options, type Request, type Result } from 'autocannon';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT } from './lib.js';
import { getJson, login } from './lib-http.js';
import { BENCH_PASSWORD, customerEmail } from './seed-accounts.js';
import { MIX, TICKETS, type Workload, type WorkloadResult } from './soak-settings.js';

export interface Fixture {
  base: string;
  adminToken: string;
  customerTokens: string[];
  catalogue: Array<{ mainId: string; subIds: string[] }>;
  entryScript: string;
  loginCustomers: number;
}

/** The requests of each workload; every loop of the list is one visit, booking or admin session. */
function workloads(f: Fixture): Record<Workload, Request[]> {
  let nextToken = 0;
  let nextPick = 0;
  let nextLogin = 0;
  const json = { 'content-type': 'application/json' };
  const auth = (context: Record<string, unknown>) => ({ authorization: `Bearer ${String(context.token)}` });
  const parse = (body: string): Record<string, unknown> => {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  return {
    browse: [
      { method: 'GET', path: '/', headers: { accept: 'text/html' } },
      { method: 'GET', path: '/api/admin/services/main' },
      {
        method: 'GET',
        setupRequest: (req) => {
          const pick = f.catalogue[nextPick++ % f.catalogue.length];
          return { ...req, path: `/api/admin/services/${pick?.mainId ?? ''}/sub` };
        },
      },
      { method: 'GET', path: `/assets/${f.entryScript}` },
    ],
    logins: [
      {
        method: 'POST',
        headers: json,
        setupRequest: (req) => ({
          ...req,
          path: '/api/login',
          body: JSON.stringify({
            email: customerEmail(1 + (nextLogin++ % f.loginCustomers)),
            password: BENCH_PASSWORD,
          }),
        }),
      },
    ],
    bookings: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          context.token = f.customerTokens[nextToken++ % f.customerTokens.length];
          const pick = f.catalogue[nextPick++ % f.catalogue.length];
          return {
            ...req,
            path: '/order',
            headers: { ...json, ...auth(context) },
            body: JSON.stringify({
              mainServiceId: pick?.mainId,
              subServiceId: pick?.subIds[nextPick % (pick?.subIds.length || 1)],
              description: 'Soak test: the laptop is slow after an update and the fan is loud.',
              amount: 9900,
              currency: 'INR',
            }),
          };
        },
        onResponse: (_status, body, context) => {
          context.orderId = parse(body).id;
        },
      },
      {
        method: 'POST',
        setupRequest: (req, context) => ({
          ...req,
          path: `/test-checkout/${String(context.orderId)}`,
          headers: { ...json, ...auth(context) },
          body: JSON.stringify({ outcome: 'success' }),
        }),
        onResponse: (_status, body, context) => {
          context.checkout = body;
        },
      },
      {
        method: 'POST',
        setupRequest: (req, context) => ({
          ...req,
          path: '/verify',
          headers: { ...json, ...auth(context) },
          body: String(context.checkout ?? '{}'),
        }),
      },
    ],
    admin: [
      ...['', 'pending', 'in-progress', 'completed'].flatMap((status): Request[] => [
        {
          method: 'GET',
          path: `/api/admin/tickets${status ? `?status=${status}` : ''}`,
          headers: { authorization: `Bearer ${f.adminToken}` },
          onResponse: (_s, body, context) => {
            context.cursor = parse(body).nextCursor;
          },
        },
        {
          method: 'GET',
          headers: { authorization: `Bearer ${f.adminToken}` },
          setupRequest: (req, context) => ({
            ...req,
            path: `/api/admin/tickets?${status ? `status=${status}&` : ''}${context.cursor ? `cursor=${String(context.cursor)}` : ''}`,
          }),
        },
      ]),
    ],
  };
}

export function runMix(f: Fixture, seconds: number): Promise<Array<{ workload: Workload; result: Result }>> {
  const lists = workloads(f);
  // SOAK_ONLY=browse,admin runs a subset (for looking into one workload).
  const only = process.env.SOAK_ONLY?.split(',');
  return Promise.all(
    (Object.keys(MIX) as Workload[])
      .filter((w) => !only || only.includes(w))
      .map(async (workload) => {
        const options: Options = {
          url: f.base,
          connections: MIX[workload],
          duration: seconds,
          timeout: 30,
          requests: lists[workload],
        };
        return { workload, result: await autocannon(options) };
      }),
  );
}

export function summarise(workload: Workload, r: Result): WorkloadResult {
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, v]) => [code, v.count]));
  const rateLimited = statusCodes['429'] ?? 0;
  const bad = Object.entries(statusCodes)
    .filter(([code]) => !/^[23]/.test(code) && code !== '429')
    .reduce((n, [, count]) => n + count, 0);
  return {
    workload,
    connections: MIX[workload],
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: bad + r.errors,
    non2xx3xx: bad,
    rateLimited,
    socketErrors: r.errors - r.timeouts,
    timeouts: r.timeouts,
    statusCodes,
  };
}

export async function fixture(base: string): Promise<Fixture> {
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const customerTokens: string[] = [];
  // One customer per booking connection, logged in four at a time.
  for (let i = 0; i < MIX.bookings; i += 4) {
    const batch = Array.from({ length: Math.min(4, MIX.bookings - i) }, (_, k) =>
      login(base, customerEmail(i + k + 1), BENCH_PASSWORD),
    );
    customerTokens.push(...(await Promise.all(batch)));
  }
  const { mainServices } = await getJson<{ mainServices: Array<{ id: string }> }>(`${base}/api/admin/services/main`);
  const catalogue = await Promise.all(
    mainServices.map(async (m) => {
      const { subServices } = await getJson<{ subServices: Array<{ id: string }> }>(
        `${base}/api/admin/services/${m.id}/sub`,
      );
      return { mainId: m.id, subIds: subServices.map((s) => s.id) };
    }),
  );
  const html = readFileSync(join(ROOT, 'dist/web/index.html'), 'utf8');
  const entryScript = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1] ?? '';
  return {
    base,
    adminToken,
    customerTokens,
    catalogue: catalogue.filter((c) => c.subIds.length > 0),
    entryScript,
    loginCustomers: Math.floor(TICKETS / 10),
  };
}
