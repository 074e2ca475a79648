/**
 * The hostile-input sweep's product (tests/api/hostile-input.test.ts): its app instances, set up
 * with callers, tokens and real records for the generators to mix in, and its endpoints, read from
 * the app itself (the OpenAPI document joined with the router's table).
 */
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/db/schema/index.js';
import { bearer, signUp, uniqueEmail, type Session } from '../api.js';
import { bookAndPay, openBookingOrder, serviceDraft } from '../booking.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ADMIN = { email: 'root@hostile.test', password: 'root-password-hostile-1' };
/** signUp's password (tests/support/api.ts). */
const SIGN_UP_PASSWORD = 'correct-horse-42';

// ---------------------------------------------------------------------------------------------
// The product under test: the test payment provider with a live (stand-in) Google issuer, and a
// second instance on Razorpay for the payment routes and the signed webhook.
// ---------------------------------------------------------------------------------------------

export interface JsonSchema {
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

export interface Param {
  name: string;
  schema: JsonSchema;
}

export interface Endpoint {
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

export type Caller = 'superadmin' | 'engineer' | 'customer' | 'public';

export interface Product {
  name: string;
  t: TestApp;
  tokens: Record<Exclude<Caller, 'public'>, string>;
  /** New sessions of the same three accounts (for an endpoint that ends its caller's session). */
  freshTokens(): Promise<Record<Exclude<Caller, 'public'>, string>>;
  /**
   * The customer and the engineer as they were made (role, not suspended), signed in again into
   * `tokens`: for after an endpoint that changes the account it names, which the pools make theirs.
   */
  restoreCallers(): Promise<void>;
  /** Real values the generators mix in, so that some requests reach past validation into the data. */
  pools: Record<string, unknown[]>;
  webhookSecret?: string;
}

export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Appends the product to `products` once it is set up: the test file closes them in its afterAll. */
export async function setUpProduct(
  products: Product[],
  name: string,
  env: Record<string, string>,
  overrides = {},
): Promise<Product> {
  const t = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env }, overrides);
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
    freshTokens: async () => ({
      superadmin: await login(t, ADMIN.email, ADMIN.password),
      engineer: await login(t, engineer.user.email, SIGN_UP_PASSWORD),
      customer: await login(t, customer.user.email, SIGN_UP_PASSWORD),
    }),
    restoreCallers: async () => {
      const callers = [
        [customer, 'user'],
        [engineer, 'engineer'],
      ] as const;
      // Each address may be the other's by now (a details change): both are moved aside first.
      for (const [s] of callers) {
        await t.database.db
          .update(users)
          .set({ email: `${s.user.id}@restoring.invalid` })
          .where(eq(users.id, s.user.id));
      }
      for (const [s, role] of callers) {
        const { name, email, phone } = s.user;
        await t.database.db
          .update(users)
          .set({ role, suspendedAt: null, name, email, phone })
          .where(eq(users.id, s.user.id));
      }
      product.tokens = await product.freshTokens();
    },
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
  product.pools.cursor = [(page.json() as { nextCursor: string | null }).nextCursor].filter(Boolean);
  for (let i = 0; i < 3; i++) {
    const begin = await t.app.inject({ method: 'GET', url: '/api/google/login' });
    const state = new URL(String(begin.headers.location), 'http://x').searchParams.get('state');
    if (state) product.pools.state!.push(state);
  }
  product.pools.id = [
    ...new Set([...product.pools.ticketId!, ...product.pools.mainServiceId!, ...product.pools.userId!]),
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
  if (assign.statusCode !== 200) throw new Error(`assign failed: ${assign.statusCode} ${assign.body}`);
  const status = await p.t.app.inject({
    method: 'PATCH',
    url: `/api/admin/tickets/${second.ticket.id}`,
    headers: admin,
    payload: { status: 'in-progress' },
  });
  if (status.statusCode !== 200) throw new Error(`status change failed: ${status.statusCode} ${status.body}`);
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

export async function endpointsOf(t: TestApp): Promise<Endpoint[]> {
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
        pathParams: params.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
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
export const isBuildAsset = (path: string) => /^\/(assets\/|favicon\.\w+$)/.test(path);

/** Every method+path the router knows, read from `printRoutes` (one line per node, 4 columns a level). */
export function routerTable(t: TestApp): { method: string; path: string }[] {
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
