/**
 * The hostile-input sweep itself: who calls each endpoint, how a generated request is sent, how
 * the answer is judged, and the check that the product is still alive afterwards. Bounded and
 * reproducible: HOSTILE_RUNS runs per endpoint (default 40) from a fixed seed (HOSTILE_SEED).
 */
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, signUp, uniqueEmail } from '../api.js';
import { login, type Caller, type Endpoint, type Product } from './product.js';
import { encode, requestArb, type HostileRequest } from './requests.js';
import { shapedBody, validValue } from './values.js';

const BASE_SEED = Number(process.env.HOSTILE_SEED ?? 6_2024);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
/** The guard's own refusal (src/server/plugins/auth.ts); an ownership 403 words it differently. */
const GUARD_FORBIDDEN = 'You do not have permission to do that';
const GUARD_UNAUTHORIZED = 'Please log in to continue';

// ---------------------------------------------------------------------------------------------
// Calling, and judging the answer.
// ---------------------------------------------------------------------------------------------

function injectOptions(p: Product, ep: Endpoint, caller: Caller, req: HostileRequest): InjectOptions {
  const headers: Record<string, string> = {};
  if (req.body !== undefined && req.contentType) headers['content-type'] = req.contentType;
  if (req.auth === 'role' && caller !== 'public') headers.authorization = `Bearer ${p.tokens[caller]}`;
  if (req.auth === 'other-role')
    headers.authorization = `Bearer ${p.tokens[caller === 'customer' ? 'engineer' : 'customer']}`;
  if (req.auth === 'garbage')
    headers.authorization = `Bearer ${req.body?.slice(0, 200).replace(/[^\x21-\x7e]/g, '') || 'x.y.z'}`;
  if (req.cookie) headers.cookie = req.cookie;
  if (p.webhookSecret && ep.path.startsWith('/webhooks/') && req.signature !== 'none') {
    headers['x-razorpay-signature'] =
      req.signature === 'valid'
        ? createHmac('sha256', p.webhookSecret)
            .update(req.body ?? '')
            .digest('hex')
        : 'deadbeef';
  }
  return {
    method: ep.method as InjectOptions['method'],
    url: req.url,
    headers,
    ...(req.body !== undefined ? { payload: req.body } : {}),
  };
}

/**
 * Sends one request of the sweep. An event stream (GET /api/events, tagged `events`) never ends by
 * itself: it is read as a stream, a 200 stream is judged by its head and closed, and any other answer
 * is read whole, as `inject` reads it.
 */
async function send(p: Product, ep: Endpoint, opts: InjectOptions): Promise<LightMyRequestResponse> {
  if (!ep.tags.includes('events')) return p.t.app.inject(opts);
  const res = await p.t.app.inject({ ...opts, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return Object.assign(res, { body, payload: body, json: () => JSON.parse(body) as unknown });
}

/** Pages (HTML) and the Google routes (redirects) answer in their own way; everything else is JSON. */
const isPagePath = (url: string) =>
  !/^\/(api|webhooks|order|verify|payment-status|test-checkout|healthz)(\/|$|\?|-)/.test(url);

function judge(ep: Endpoint, opts: InjectOptions, res: LightMyRequestResponse): void {
  // The path the server saw: the injector resolves dot segments (%2e%2e too) the way a browser would.
  const seen = res.raw.req?.url ?? String(opts.url);
  const what = `${opts.method} ${seen.slice(0, 300)} answered ${res.statusCode}: ${res.body.slice(0, 500)}`;
  if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
  if (/root:x:0:0|"devDependencies"|JWT_SECRET|BEGIN [A-Z ]*PRIVATE KEY/.test(res.body))
    throw new Error(`the answer serves a file it should not: ${what}`);
  if (res.statusCode < 400) return;
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/html') && ep.method === 'GET' && isPagePath(seen)) {
    if (res.statusCode !== 404) throw new Error(`a page answered an error other than 404: ${what}`);
    return;
  }
  if (!type.startsWith('application/json')) throw new Error(`error answer is not JSON (${type}): ${what}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`error answer is not valid JSON: ${what}`);
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error.length === 0) throw new Error(`error answer has no string "error": ${what}`);
  if (Object.keys(body as object).join() !== 'error') throw new Error(`error answer has more than "error": ${what}`);
  if (/\bat .+\.(ts|js):\d+|node_modules|SQLSTATE|FST_ERR|drizzle/i.test(error))
    throw new Error(`error answer leaks internals: ${what}`);
}

/**
 * Who calls the endpoint in the sweep: the most privileged role the server lets through, probed
 * with a request the route's schema accepts. Without a token, the guard's own 401 marks a guarded
 * route (anything else: public); then the first role (superadmin, engineer, customer) the guard does
 * not refuse with its own 403 is the caller. Sending a valid sample keeps this right whether the
 * guard runs before validation or after it.
 */
async function probeCaller(p: Product, ep: Endpoint, seed: number): Promise<Caller> {
  const sample = fc.sample(
    fc.record({
      segments: fc.tuple(
        ...ep.pathParams.map((param) => validValue(p, param.name, param.schema).map((v) => encode(String(v)))),
      ),
      body: ep.body ? shapedBody(p, ep.body, 'valid').map((b) => JSON.stringify(b)) : fc.constant(undefined),
    }),
    { seed, numRuns: 1 },
  )[0]!;
  let i = 0;
  const url = ep.path.replace(/:\w+|\*/g, () => sample.segments[i++] ?? 'x');
  const req: HostileRequest = {
    url,
    body: sample.body,
    contentType: 'application/json',
    auth: 'none',
    cookie: undefined,
    signature: 'none',
  };
  const anonymous = await send(p, ep, injectOptions(p, ep, 'public', req));
  const guarded = anonymous.statusCode === 401 && (anonymous.json() as { error?: string }).error === GUARD_UNAUTHORIZED;
  if (!guarded) return 'public';
  for (const role of ['superadmin', 'engineer', 'customer'] as const) {
    const res = await send(p, ep, injectOptions(p, ep, role, { ...req, auth: 'role' }));
    if (!(res.statusCode === 403 && (res.json() as { error?: string }).error === GUARD_FORBIDDEN)) return role;
  }
  throw new Error(`${ep.method} ${ep.path}: the guard refuses every role`);
}

const seedFor = (key: string) => (BASE_SEED ^ createHash('sha256').update(key).digest().readUInt32BE(0)) | 0;

/** Endpoints that end the caller's session when they succeed: swept with sessions of their own. */
const ENDS_SESSION = new Set(['POST /api/logout']);

/**
 * Endpoints that change the account they name (its role, whether it may sign in, the email it signs
 * in with): the pools hold the callers' own ids, so a sweep may suspend the customer or make them an
 * admin. The callers are put back after each, so the endpoints swept later (and the pinned tests)
 * keep their sessions.
 */
const CHANGES_ACCOUNT = new Set([
  'PATCH /api/admin/users/:id',
  'PUT /api/admin/users/:id/suspension',
  'PUT /api/admin/users/:id/details',
]);

/**
 * Endpoints where a wrong password counts as a failed sign-in of the caller's account (PATCH
 * /api/password's current password): the sweep's own guesses lock that account's logins for 15
 * minutes (DECISIONS.md §7.6), so the sessions made after it (restoreCallers, freshTokens) start
 * from a clean count. Only the per-account lock is forgotten; the rest of rate_limits stays.
 */
const COUNTS_FAILED_SIGN_INS = new Set(['PATCH /api/password']);

const forgetFailedSignIns = (p: Product) =>
  p.t.database.db.execute(sql`delete from rate_limits where key like 'login-account:%'`);

export async function sweep(
  product: Product,
  ep: Endpoint,
): Promise<{ caller: Caller; statuses: Map<number, number> }> {
  const key = `${ep.method} ${ep.path}`;
  // Logged out by its first request, the callers of every endpoint swept after it would be too.
  const p = ENDS_SESSION.has(key) ? { ...product, tokens: await product.freshTokens() } : product;
  const seed = seedFor(key);
  const caller = await probeCaller(p, ep, seed);
  const statuses = new Map<number, number>();
  try {
    await fc.assert(
      fc.asyncProperty(requestArb(p, ep), async (req) => {
        const opts = injectOptions(p, ep, caller, req);
        const res = await send(p, ep, opts);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        judge(ep, opts, res);
      }),
      { seed, numRuns: RUNS, endOnFailure: false },
    );
  } catch (err) {
    throw new Error(
      `${p.name}: ${key} (as ${caller}) failed; reproduce with HOSTILE_SEED=${BASE_SEED} (fast-check seed ${seed})\n` +
        `${(err as Error).message}\n${String((err as { cause?: { message?: string } }).cause?.message ?? '')}`,
    );
  } finally {
    if (COUNTS_FAILED_SIGN_INS.has(key)) await forgetFailedSignIns(product);
    if (CHANGES_ACCOUNT.has(key)) await product.restoreCallers();
  }
  return { caller, statuses };
}

export async function expectAlive(p: Product) {
  const res = await p.t.app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode, `GET /healthz after the sweep: ${res.body}`).toBe(200);
  // And still does real work: a new account signs up, logs in and reads itself back.
  const fresh = await signUp(p.t, { email: uniqueEmail('alive'), password: 'still-alive-42' });
  const token = await login(p.t, fresh.user.email, 'still-alive-42');
  const me = await p.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  expect(me.statusCode).toBe(200);
  expect((me.json() as { user: { id: string } }).user.id).toBe(fresh.user.id);
}
