import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, signUp, uniqueEmail, type Session } from '../support/api.js';
import { bookAndPay, openBookingOrder, serviceDraft } from '../support/booking.js';
import { startIssuer } from '../support/oidc-issuer.js';
import { RAZORPAY_ENV, startRazorpayStandIn } from '../support/razorpay-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The hostile-input sweep (issue 6, item 5): every endpoint of the product, called by the most
 * privileged role that may call it, with arbitrary bodies, path params, query strings, content
 * types and credentials. Whatever arrives, the server answers below 500, every error is
 * `{ error: string }`, and it is still alive afterwards.
 *
 * The endpoints come from the app itself: the OpenAPI document (so a new route is swept, with its
 * own schema, as soon as it exists) joined with the router's own table for whatever the document
 * lacks. Who may call each one is probed, not listed: see `probeCaller`.
 *
 * Bounded and reproducible: HOSTILE_RUNS runs per endpoint (default 40) from a fixed seed
 * (HOSTILE_SEED); a failure names the seed and the counterexample.
 */

const BASE_SEED = Number(process.env.HOSTILE_SEED ?? 6_2024);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const ADMIN = { email: 'root@hostile.test', password: 'root-password-hostile-1' };
/** The guard's own refusal (src/server/plugins/auth.ts); an ownership 403 words it differently. */
const GUARD_FORBIDDEN = 'You do not have permission to do that';
const GUARD_UNAUTHORIZED = 'Please log in to continue';

// ---------------------------------------------------------------------------------------------
// The product under test: the test payment provider with a live (stand-in) Google issuer, and a
// second instance on Razorpay for the payment routes and the signed webhook.
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
}

interface Param {
  name: string;
  schema: JsonSchema;
}

interface Endpoint {
  method: string;
  /** Fastify's form: /api/admin/tickets/:id */
  path: string;
  pathParams: Param[];
  query: Param[];
  body: JsonSchema | undefined;
  /** Where it was found: the OpenAPI document, or only the router's table. */
  source: 'openapi' | 'router';
  tags: string[];
}

type Caller = 'superadmin' | 'engineer' | 'customer' | 'public';

interface Product {
  name: string;
  t: TestApp;
  tokens: Record<Exclude<Caller, 'public'>, string>;
  /** Real values the generators mix in, so that some requests reach past validation into the data. */
  pools: Record<string, unknown[]>;
  webhookSecret?: string;
}

const issuer = await startIssuer();
const standIn = await startRazorpayStandIn();
const products: Product[] = [];

afterAll(async () => {
  for (const p of products) await p.t.close();
  await issuer.stop();
  await standIn.close();
});

async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

async function setUpProduct(
  name: string,
  env: Record<string, string>,
  overrides = {},
): Promise<Product> {
  const t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    overrides,
  );
  const superadmin = await login(t, ADMIN.email, ADMIN.password);
  const customer = await signUp(t, { email: uniqueEmail('hostile-customer') });
  const engineer = await signUp(t, { email: uniqueEmail('hostile-engineer') }, 'engineer');
  const draft = await serviceDraft(t);
  const mains = (
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/services/all',
        headers: bearer(superadmin),
      })
    ).json() as {
      mainServices: { id: string; subServices: { id: string }[] }[];
    }
  ).mainServices;
  const product: Product = {
    name,
    t,
    tokens: { superadmin, engineer: engineer.token, customer: customer.token },
    pools: {
      mainServiceId: mains.map((m) => m.id),
      subServiceId: mains.flatMap((m) => m.subServices.map((s) => s.id)),
      engineerId: [engineer.user.id, customer.user.id],
      userId: [customer.user.id, engineer.user.id],
      ticketId: [],
      orderId: [],
      state: [],
      model: [],
      cursor: [],
      email: [customer.user.email, engineer.user.email, ADMIN.email],
      amount: [9900, 29900],
    },
  };
  product.pools.servicePair = mains.flatMap((m) => m.subServices.map((sub) => [m.id, sub.id]));
  product.pools.parentId = [...product.pools.mainServiceId!, ...product.pools.subServiceId!, null];
  product.pools.razorpay_order_id = product.pools.orderId!;
  product.pools.order_id = product.pools.orderId!;

  if (env.PAYMENT_PROVIDER === 'razorpay') {
    product.webhookSecret = env.RAZORPAY_WEBHOOK_SECRET;
    const order = await openBookingOrder(t, customer, draft);
    product.pools.orderId!.push(order.id);
  } else {
    await bookedAndAssigned(product, customer, engineer, draft);
  }

  const models = await t.app.inject({
    method: 'GET',
    url: '/api/prisma',
    headers: bearer(superadmin),
  });
  product.pools.model = models.json() as string[];
  const page = await t.app.inject({
    method: 'GET',
    url: '/api/admin/users?limit=1',
    headers: bearer(superadmin),
  });
  product.pools.cursor = [(page.json() as { nextCursor: string | null }).nextCursor].filter(
    Boolean,
  );
  for (let i = 0; i < 3; i++) {
    const begin = await t.app.inject({ method: 'GET', url: '/api/google/login' });
    const state = new URL(String(begin.headers.location), 'http://x').searchParams.get('state');
    if (state) product.pools.state!.push(state);
  }
  product.pools.id = [
    ...new Set([
      ...product.pools.ticketId!,
      ...product.pools.mainServiceId!,
      ...product.pools.userId!,
    ]),
  ];
  products.push(product);
  return product;
}

/** A customer's booked ticket, and a second one assigned to the engineer and in progress. */
async function bookedAndAssigned(
  p: Product,
  customer: Session,
  engineer: Session,
  draft: Awaited<ReturnType<typeof serviceDraft>>,
) {
  const first = await bookAndPay(p.t, customer, draft);
  const second = await bookAndPay(p.t, customer, draft);
  const admin = bearer(p.tokens.superadmin);
  const assign = await p.t.app.inject({
    method: 'PATCH',
    url: `/api/admin/tickets/${second.ticket.id}/assign`,
    headers: admin,
    payload: { engineerId: engineer.user.id },
  });
  if (assign.statusCode !== 200)
    throw new Error(`assign failed: ${assign.statusCode} ${assign.body}`);
  const status = await p.t.app.inject({
    method: 'PATCH',
    url: `/api/admin/tickets/${second.ticket.id}`,
    headers: admin,
    payload: { status: 'in-progress' },
  });
  if (status.statusCode !== 200)
    throw new Error(`status change failed: ${status.statusCode} ${status.body}`);
  p.pools.ticketId!.push(first.ticket.id, second.ticket.id);
  p.pools.orderId!.push(first.orderId, second.orderId);
}

// ---------------------------------------------------------------------------------------------
// Endpoints, from the app itself.
// ---------------------------------------------------------------------------------------------

interface OpenApiOperation {
  tags?: string[];
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

async function endpointsOf(t: TestApp): Promise<Endpoint[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const endpoints = new Map<string, Endpoint>();
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const path = template.replace(/\{([^}]+)\}/g, ':$1');
      const params = op.parameters ?? [];
      endpoints.set(`${method.toUpperCase()} ${path}`, {
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map(({ name, schema }) => ({ name, schema })),
        query: params.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
        source: 'openapi',
        tags: op.tags ?? [],
      });
    }
  }
  // Whatever the router serves that the document does not describe (the docs UI itself, and any
  // route declared without a schema) is swept too, with generic inputs.
  for (const { method, path } of routerTable(t)) {
    const key = `${method} ${path}`;
    if (endpoints.has(key) || method === 'HEAD' || isBuildAsset(path)) continue;
    const pathParams = [...path.matchAll(/:(\w+)|\*/g)].map((m) => ({
      name: m[1] ?? '*',
      schema: { type: 'string' },
    }));
    endpoints.set(key, {
      method,
      path,
      pathParams,
      query: [],
      body: undefined,
      source: 'router',
      tags: [],
    });
  }
  return [...endpoints.values()];
}

/** The built web app's files (served by @fastify/static, one route each): not endpoints to fuzz. */
const isBuildAsset = (path: string) => /^\/(assets\/|favicon\.\w+$)/.test(path);

/** Every method+path the router knows, read from `printRoutes` (one line per node, 4 columns a level). */
function routerTable(t: TestApp): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[└├]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Generators.
// ---------------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001f\u007f',
  '\u001b[2J\u001b[31mred',
  '\r\n\t\v\f',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '\u202e\u200b\ufeff',
  '💥'.repeat(40),
  "' OR 1=1 --",
  '"; drop table users; --',
  '\\',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '------------------------------------',
  '2024-13-45T99:99:99Z',
  'order_test_' + 'x'.repeat(80),
  'a@b',
  'A@EXAMPLE.COM',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 6000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((n) => '\u0000'.repeat(n)) },
);

const hugeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e21,
  -1e21,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 64,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
);

/** Nested hundreds deep: objects in arrays in objects. */
const deepNesting = fc.integer({ min: 20, max: 400 }).map((depth) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 3, maxKeys: 5 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

const typeOf = (s: JsonSchema) =>
  Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;

/** A value the field's schema accepts (mostly), preferring real records so requests reach the data. */
function validValue(p: Product, name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const pool = p.pools[name];
  const fromPool = pool && pool.length > 0 ? fc.constantFrom(...pool) : undefined;
  const own = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf?.[0]) return validValue(p, name, schema.anyOf[0]);
    if (schema.properties) return shapedBody(p, schema, 'valid');
    const type = typeOf(schema);
    if (schema.format === 'uuid' || /(^id|Id)$/.test(name)) return fc.uuid();
    if (/email/i.test(name)) return fc.oneof(fc.constant(uniqueEmail('fuzz')), fc.emailAddress());
    if (/phone/i.test(name))
      return fc.constantFrom('+91 98765 43210', '(555) 123-4567', '0044 20 7946 0958');
    if (/password/i.test(name)) return fc.constantFrom('correct-horse-42', 'another-long-password');
    if (type === 'integer')
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
    if (type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true });
    if (type === 'boolean') return fc.boolean();
    if (type === 'array') return fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 });
    if (type === 'object')
      return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: 4,
      });
    const min = Math.max(schema.minLength ?? 0, 1);
    const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
    return fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length > 0);
  })();
  const withNull = schema.nullable ? fc.oneof(own, fc.constant(null)) : own;
  return fromPool
    ? fc.oneof({ weight: 2, arbitrary: fromPool }, { weight: 1, arbitrary: withNull })
    : withNull;
}

const MISSING = Symbol('missing');

/** The route's real shape, each field either right, of a wrong type, hostile, or missing. */
function shapedBody(
  p: Product,
  schema: JsonSchema,
  validity: 'valid' | 'mixed',
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, s]) =>
    validity === 'valid'
      ? validValue(p, name, s).map((v) => [name, v] as const)
      : fc
          .oneof(
            { weight: 5, arbitrary: validValue(p, name, s) },
            { weight: 3, arbitrary: hostileValue },
            { weight: 1, arbitrary: fc.constant(MISSING) },
          )
          .map((v) => [name, v] as const),
  );
  const extra =
    validity === 'valid'
      ? fc.constant([] as [string, unknown][])
      : fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                'role',
                'userId',
                'amount',
                'id',
                'isAdmin',
                'constructor',
                'status',
                'engineerId',
              ),
              fc.string({ maxLength: 12 }),
            ),
            hostileValue,
          ),
          { maxLength: 3 },
        );
  // A main service and a sub-service of it, now and then, so that some bookings and requests go through.
  const pairs = p.pools.servicePair as [string, string][];
  const pair =
    'subServiceId' in (schema.properties ?? {}) && pairs.length
      ? fc.option(fc.constantFrom(...pairs))
      : fc.constant(null);
  return fc.tuple(fc.tuple(...fields), extra, pair).map(([own, more, services]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of [...own, ...more]) if (v !== MISSING) out[k] = v;
    if (services) [out.mainServiceId, out.subServiceId] = services;
    return out;
  });
}

/** Raw request text that is not what the route expects at all. */
const rawHostileBody: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '{"a":',
    '{"a":1}}',
    "{'a':1}",
    '[',
    'null',
    'true',
    '0',
    '""',
    '{"__proto__":{"role":"superadmin"}}',
    '{"constructor":{"prototype":{"role":"superadmin"}}}',
    '{"amount":1e999,"limit":-1e999}',
    '{"amount":123456789012345678901234567890,"ticketId":1e-400}',
    '{"x":"\\u0000\\ud800"}',
    '\u0000\u0000\u0000',
    '\ufeff{"a":1}',
  ),
  fc.integer({ min: 500, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 500, max: 9_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc
    .integer({ min: 100 * 1024 - 20, max: 100 * 1024 + 50 })
    .map((n) => JSON.stringify({ description: 'd'.repeat(n) })),
);

/**
 * The webhook reads its raw body itself, so the document has no schema for it: this is the shape
 * Razorpay sends (the instance signs some of the bodies, so they reach the parsing and the data).
 */
const WEBHOOK_EVENT: JsonSchema = {
  type: 'object',
  properties: {
    event: { enum: ['payment.captured', 'payment.failed', 'order.paid', 'refund.created'] },
    payload: {
      type: 'object',
      properties: {
        payment: {
          type: 'object',
          properties: {
            entity: {
              type: 'object',
              properties: {
                id: { type: 'string', maxLength: 30 },
                order_id: { type: 'string' },
                amount: { enum: [9900, 29900, 1, 0, -9900] },
                currency: { enum: ['INR', 'USD'] },
                error_description: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
};

/** A JSON-serialisable body, or raw text; `undefined` sends none. */
function bodyArb(p: Product, ep: Endpoint): fc.Arbitrary<string | undefined> {
  const schema = ep.body ?? (ep.path === '/webhooks/razorpay' ? WEBHOOK_EVENT : undefined);
  const serialise = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const generic = fc.oneof(
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3 }).map(serialise) },
    { weight: 2, arbitrary: rawHostileBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostileValue.map(serialise) },
  );
  if (!schema) return ep.method === 'GET' ? fc.constant(undefined) : generic;
  return fc.oneof(
    { weight: 5, arbitrary: shapedBody(p, schema, 'mixed').map(serialise) },
    { weight: 3, arbitrary: shapedBody(p, schema, 'valid').map(serialise) },
    { weight: 3, arbitrary: generic },
  );
}

const RAW_SEGMENTS = [
  '..',
  '.',
  '../..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%ff%fe',
  '%2F',
  ';',
  'a;b=c',
  '~root',
  '*',
  '%20',
  '+',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
];

function segmentArb(p: Product, param: Param): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: validValue(p, param.name, param.schema).map((v) => encode(String(v))) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: fc.webSegment() },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 5000 }).map((n) => 'a'.repeat(n)) },
  );
}

function queryArb(p: Product, ep: Endpoint): fc.Arbitrary<string> {
  const own = ep.query.map((q) => q.name);
  const names = [
    // The endpoint's own parameters count three times: they are the ones that reach its code.
    ...own,
    ...own,
    ...own,
    'limit',
    'cursor',
    'offset',
    'status',
    'role',
    'state',
    'code',
    'error',
  ];
  const value = (name: string) => {
    const schema = ep.query.find((q) => q.name === name)?.schema ?? { type: 'string' };
    return fc.oneof(
      { weight: 3, arbitrary: validValue(p, name, schema).map(String) },
      {
        weight: 3,
        arbitrary: hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      },
      // Paging cursors are opaque to clients but decoded into SQL: well-formed wrappers round hostile contents.
      { weight: name === 'cursor' ? 8 : 1, arbitrary: cursorArb },
    );
  };
  const pair = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .constantFrom(...names)
        .chain((n) => value(n).map((v) => `${encode(n)}=${encode(v)}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }))
        .map(([k, v]) => `${encode(k)}=${encode(v)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[role]=superadmin',
        'constructor[prototype][x]=1',
        'limit[]=1',
        'limit=1&limit=2',
        'limit',
        '=',
        '&&&',
        '%',
        'a=%zz',
        'cursor=%00',
        'limit=0x10',
        'limit=1e3',
        'limit=-0',
        'offset=99999999999999999999',
        'limit=%20%0A7',
      ),
    },
  );
  return fc
    .array(pair, { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/** Paging cursors are base64url JSON: well-formed wrappers around hostile contents reach the SQL. */
const cursorArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '2024-01-01T00:00:00.000Z',
          '+275760-09-13T00:00:00.000Z',
          '-271821-04-20T00:00:00.000Z',
          '0001-01-01T00:00:00.000Z',
          '1970',
          '0',
          'x',
          '',
          'Infinity',
        ),
      },
      { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
      { weight: 1, arbitrary: hugeNumber },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    fc.oneof(
      { weight: 2, arbitrary: fc.uuid() },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '------------------------------------',
          '000000000000000000000000000000000000',
          'ffffffffffffffffffffffffffffffffffff',
          'a'.repeat(36),
          '{00000000-0000-0000-0000-000000000000}',
        ),
      },
      { weight: 1, arbitrary: hostileValue },
    ),
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
  )
  .map(([at, id, asArray]) =>
    Buffer.from(JSON.stringify(asArray ? [at, id] : { at, id })).toString('base64url'),
  );

const contentTypeArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/vnd.api+json',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      '',
      ';;;',
      'application/json\u0000',
    ),
  },
);

const SAME_AS_STATE = '\u0000same-as-state';
/** encodeURIComponent throws on a lone surrogate; a URL cannot carry one anyway. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

interface HostileRequest {
  url: string;
  body: string | undefined;
  contentType: string;
  auth: 'role' | 'none' | 'garbage' | 'other-role';
  cookie: string | undefined;
  signature: 'valid' | 'garbage' | 'none';
}

function requestArb(p: Product, ep: Endpoint): fc.Arbitrary<HostileRequest> {
  const segments = ep.pathParams.map((param) => segmentArb(p, param));
  return fc
    .record({
      segments: fc.tuple(...segments),
      query: queryArb(p, ep),
      body: bodyArb(p, ep),
      contentType: contentTypeArb,
      auth: fc.constantFrom(
        'role',
        'role',
        'role',
        'role',
        'role',
        'none',
        'garbage',
        'other-role',
      ),
      cookie: fc.oneof<fc.Arbitrary<string | undefined>[]>(
        fc.constant(undefined),
        fc.constant(SAME_AS_STATE),
        fc.string({ maxLength: 60 }),
        fc.constantFrom(...((p.pools.state!.length ? p.pools.state! : ['none']) as string[])),
      ),
      signature: fc.constantFrom('valid', 'valid', 'garbage', 'none'),
    })
    .map(({ segments: values, query, body, contentType, auth, cookie, signature }) => {
      let i = 0;
      const path = ep.path.replace(/:\w+|\*/g, () => values[i++] ?? '');
      // The Google callback binds its state to a cookie: sometimes the two agree.
      const state = /[?&]state=([^&]*)/.exec(query)?.[1];
      const cookieValue =
        cookie === SAME_AS_STATE ? (state === undefined ? undefined : safeDecode(state)) : cookie;
      return {
        url: path + query,
        body,
        contentType,
        auth: auth as HostileRequest['auth'],
        cookie: cookieValue === undefined ? undefined : `rf_google_state=${encode(cookieValue)}`,
        signature: signature as HostileRequest['signature'],
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Calling, and judging the answer.
// ---------------------------------------------------------------------------------------------

function injectOptions(
  p: Product,
  ep: Endpoint,
  caller: Caller,
  req: HostileRequest,
): InjectOptions {
  const headers: Record<string, string> = {};
  if (req.body !== undefined && req.contentType) headers['content-type'] = req.contentType;
  if (req.auth === 'role' && caller !== 'public')
    headers.authorization = `Bearer ${p.tokens[caller]}`;
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

/** Pages (HTML) and the Google routes (redirects) answer in their own way; everything else is JSON. */
const isPagePath = (url: string) =>
  !/^\/(api|webhooks|order|verify|payment-status|test-checkout|healthz)(\/|$|\?|-)/.test(url);

function judge(ep: Endpoint, opts: InjectOptions, res: LightMyRequestResponse): void {
  // The path the server saw: the injector resolves dot segments (%2e%2e too) the way a browser would.
  const seen = res.raw.req.url ?? String(opts.url);
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
  if (!type.startsWith('application/json'))
    throw new Error(`error answer is not JSON (${type}): ${what}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`error answer is not valid JSON: ${what}`);
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error.length === 0)
    throw new Error(`error answer has no string "error": ${what}`);
  if (Object.keys(body as object).join() !== 'error')
    throw new Error(`error answer has more than "error": ${what}`);
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
        ...ep.pathParams.map((param) =>
          validValue(p, param.name, param.schema).map((v) => encode(String(v))),
        ),
      ),
      body: ep.body
        ? shapedBody(p, ep.body, 'valid').map((b) => JSON.stringify(b))
        : fc.constant(undefined),
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
  const anonymous = await p.t.app.inject(injectOptions(p, ep, 'public', req));
  const guarded =
    anonymous.statusCode === 401 &&
    (anonymous.json() as { error?: string }).error === GUARD_UNAUTHORIZED;
  if (!guarded) return 'public';
  for (const role of ['superadmin', 'engineer', 'customer'] as const) {
    const res = await p.t.app.inject(injectOptions(p, ep, role, { ...req, auth: 'role' }));
    if (!(res.statusCode === 403 && (res.json() as { error?: string }).error === GUARD_FORBIDDEN))
      return role;
  }
  throw new Error(`${ep.method} ${ep.path}: the guard refuses every role`);
}

const seedFor = (key: string) =>
  (BASE_SEED ^ createHash('sha256').update(key).digest().readUInt32BE(0)) | 0;

async function sweep(
  p: Product,
  ep: Endpoint,
): Promise<{ caller: Caller; statuses: Map<number, number> }> {
  const key = `${ep.method} ${ep.path}`;
  const seed = seedFor(key);
  const caller = await probeCaller(p, ep, seed);
  const statuses = new Map<number, number>();
  try {
    await fc.assert(
      fc.asyncProperty(requestArb(p, ep), async (req) => {
        const opts = injectOptions(p, ep, caller, req);
        const res = await p.t.app.inject(opts);
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
  }
  return { caller, statuses };
}

async function expectAlive(p: Product) {
  const res = await p.t.app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode, `GET /healthz after the sweep: ${res.body}`).toBe(200);
  // And still does real work: a new account signs up, logs in and reads itself back.
  const fresh = await signUp(p.t, { email: uniqueEmail('alive'), password: 'still-alive-42' });
  const token = await login(p.t, fresh.user.email, 'still-alive-42');
  const me = await p.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  expect(me.statusCode).toBe(200);
  expect((me.json() as { user: { id: string } }).user.id).toBe(fresh.user.id);
}

// ---------------------------------------------------------------------------------------------
// The sweep.
// ---------------------------------------------------------------------------------------------

const main = await setUpProduct('test provider', { ...issuer.env });
const razorpay = await setUpProduct(
  'razorpay',
  { ...issuer.env, ...RAZORPAY_ENV },
  { razorpayApiUrl: standIn.url },
);

const mainEndpoints = await endpointsOf(main.t);
// The second instance differs only in its payment provider: its payment routes (and the signed webhook) are swept there.
const razorpayEndpoints = (await endpointsOf(razorpay.t)).filter((ep) =>
  ep.tags.includes('payments'),
);

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
  const cursor = (at: unknown, id: unknown) =>
    Buffer.from(JSON.stringify([at, id])).toString('base64url');
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
