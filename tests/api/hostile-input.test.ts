import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/api.js';
import {
  endpointsOf,
  isBuildAsset,
  routerTable,
  setUpProduct,
  type Caller,
  type Product,
} from '../support/hostile/product.js';
import { expectAlive, sweep } from '../support/hostile/sweep.js';
import { startIssuer } from '../support/oidc-issuer.js';
import { RAZORPAY_ENV, startRazorpayStandIn } from '../support/razorpay-stand-in.js';

/**
 * The hostile-input sweep (issue 6, item 5): every endpoint of the product, called by the most
 * privileged role that may call it, with arbitrary bodies, path params, query strings, content
 * types and credentials. Whatever arrives, the server answers below 500, every error is
 * `{ error: string }`, and it is still alive afterwards.
 *
 * The endpoints come from the app itself: the OpenAPI document (so a new route is swept, with its
 * own schema, as soon as it exists) joined with the router's own table for whatever the document
 * lacks. Who may call each one is probed, not listed: see `probeCaller` in
 * tests/support/hostile/sweep.ts.
 *
 * Bounded and reproducible: HOSTILE_RUNS runs per endpoint (default 40) from a fixed seed
 * (HOSTILE_SEED); a failure names the seed and the counterexample.
 */

const issuer = await startIssuer();
const standIn = await startRazorpayStandIn();
const products: Product[] = [];

afterAll(async () => {
  for (const p of products) await p.t.close();
  await issuer.stop();
  await standIn.close();
});

// ---------------------------------------------------------------------------------------------
// The sweep.
// ---------------------------------------------------------------------------------------------

const main = await setUpProduct(products, 'test provider', { ...issuer.env });
const razorpay = await setUpProduct(
  products,
  'razorpay',
  { ...issuer.env, ...RAZORPAY_ENV },
  { razorpayApiUrl: standIn.url },
);

const mainEndpoints = await endpointsOf(main.t);
// The second instance differs only in its payment provider: its payment routes (and the signed webhook) are swept there.
const razorpayEndpoints = (await endpointsOf(razorpay.t)).filter((ep) => ep.tags.includes('payments'));

describe('the endpoint list comes from the app', () => {
  it('covers every route the router serves, and the document describes every product route', () => {
    const swept = new Set(mainEndpoints.map((ep) => `${ep.method} ${ep.path}`));
    const served = routerTable(main.t).filter((r) => r.method !== 'HEAD' && !isBuildAsset(r.path));
    expect(served.filter((r) => !swept.has(`${r.method} ${r.path}`))).toEqual([]);
    // Only the docs UI itself may be missing from the document.
    expect(
      mainEndpoints
        .filter((ep) => ep.source === 'router' && !ep.path.startsWith('/api/docs'))
        .map((ep) => `${ep.method} ${ep.path}`),
    ).toEqual([]);
    for (const known of [
      'POST /api/signup',
      'PATCH /api/admin/tickets/:id/assign',
      'GET /api/prisma/:model',
      'POST /webhooks/razorpay',
      'POST /test-checkout/:orderId',
    ]) {
      expect(swept).toContain(known);
    }
    expect(razorpayEndpoints.map((ep) => ep.path)).toContain('/webhooks/razorpay');
  });
});

describe.each([
  { product: main, endpoints: mainEndpoints },
  { product: razorpay, endpoints: razorpayEndpoints },
])('hostile input on $product.name', ({ product, endpoints }) => {
  it.each(endpoints.map((ep) => ({ ep, name: `${ep.method} ${ep.path}` })))(
    '$name: no 5xx, every error is { error }',
    async ({ ep }) => {
      const { caller, statuses } = await sweep(product, ep);
      if (process.env.HOSTILE_VERBOSE) {
        console.log(
          `${product.name} ${ep.method} ${ep.path} as ${caller}: ${[...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')}`,
        );
      }
      expect((await product.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
    60_000,
  );

  it('is alive after the sweep: /healthz answers 200 and a login still works', async () => {
    await expectAlive(product);
  });
});

describe('what the sweep found, pinned', () => {
  const cursor = (at: unknown, id: unknown) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
  const BAD_CURSORS = [
    cursor('2024-01-01T00:00:00.000Z', '------------------------------------'), // fits [0-9a-f-]{36}, not a uuid
    cursor('-271821-04-20T00:00:00.000Z', '00000000-0000-1000-8000-000000000000'), // a Date PostgreSQL cannot store
    cursor('0000-12-31T23:59:59.999Z', '00000000-0000-1000-8000-000000000000'), // year 0
    cursor('+010000-01-01T00:00:00.000Z', '00000000-0000-1000-8000-000000000000'),
  ];
  const PAGED: [string, Exclude<Caller, 'public'>][] = [
    ['/api/tickets', 'customer'],
    ['/api/engineer/assigned-tickets', 'engineer'],
    ['/api/admin/tickets', 'superadmin'],
    ['/api/admin/users', 'superadmin'],
    ['/api/admin/contacts', 'superadmin'],
  ];

  it.each(PAGED)(
    'a paging cursor PostgreSQL could not read is 400 { error } on %s, not a 500',
    async (path, caller) => {
      for (const c of BAD_CURSORS) {
        const res = await main.t.app.inject({
          method: 'GET',
          url: `${path}?cursor=${c}`,
          headers: bearer(main.tokens[caller]),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ error: 'Invalid cursor' });
      }
    },
  );

  it('the webhook under the test payment provider is 404 { error }, not a 503', async () => {
    const res = await main.t.app.inject({
      method: 'POST',
      url: '/webhooks/razorpay',
      payload: { event: 'payment.captured' },
    });
    expect(res.statusCode).toBe(404);
    expect(Object.keys(res.json() as object)).toEqual(['error']);
  });

  it('the router’s own refusals are { error } only, without Fastify’s code', async () => {
    for (const [url, status] of [
      ['/api/admin/tickets/%C0%AE%C0%AE', 400],
      [`/api/admin/tickets/${'a'.repeat(101)}/history`, 414],
    ] as const) {
      const res = await main.t.app.inject({
        method: 'GET',
        url,
        headers: bearer(main.tokens.superadmin),
      });
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json() as object)).toEqual(['error']);
      expect(res.body).not.toContain('FST_ERR');
    }
  });
});
