import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodApp } from '../../src/server/lib/http.js';
import { bearer, signUp, type Session } from '../support/api.js';
import { bookAndPay, draftBody, serviceDraft } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every answer is written from its route's zod response schema (fastify-type-provider-zod's
 * serializer, in every environment): only the fields the schema names are sent, so a column a query
 * adds can never leak. Here every read the product makes, for each role that may make it, and every
 * write of the service loop, is held to the response schema the OpenAPI document publishes for its
 * status (generated from the same zod schemas): no field outside it, and no status without one.
 */
let t: TestApp;
let customer: Session;
let engineer: Session;
let admin: Session;
let ticketId = '';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
let doc: OpenApi;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;

  customer = await signUp(t, { name: 'Asha "Quotes" Rao' });
  engineer = await signUp(t, { name: 'Ravi Engineer' }, 'engineer');
  admin = await signUp(t, {}, 'admin');
  const paid = await bookAndPay(
    t,
    customer,
    await serviceDraft(t, 0, 'Screen flickers — then goes dark.\nTwice a day, “sometimes” more.'),
  );
  await bookAndPay(t, customer, await serviceDraft(t, 1));
  ticketId = paid.ticket.id;
  const assigned = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/tickets/${ticketId}/assign`,
    headers: admin.headers,
    payload: { engineerId: engineer.user.id },
  });
  expect(assigned.statusCode).toBe(200);
  const draft = await serviceDraft(t);
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contact/add',
    payload: {
      name: 'Visitor',
      email: 'visitor@example.com',
      phone: '9876543210',
      computerType: 'Laptop',
      description: 'My laptop will not boot past the logo.',
      urgency: 'Medium',
      mainServiceId: draft.mainServiceId,
      subServiceId: draft.subServiceId,
    },
  });
  expect(contact.statusCode).toBe(201);
});
afterAll(() => t?.close());

/** The response schema the OpenAPI document declares for this request's path, method and status. */
function declaredSchema(method: string, url: string, status: number): Schema | undefined {
  const path = new URL(url, 'http://x').pathname;
  const templates = Object.keys(doc.paths).sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')));
  const template = templates.find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  return operation?.responses?.[String(status)]?.content?.['application/json']?.schema;
}

const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;

/** Where `value` has a field `schema` does not name (`$.tickets[0].user.passwordHash`). */
function unnamedFields(value: unknown, raw: Schema, at = '$'): string[] {
  const schema = resolve(raw);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    // The branch that fits best (a nullable object is `anyOf: [object, null]`).
    const tries = union.map((branch) => unnamedFields(value, branch, at));
    return tries.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => unnamedFields(value, part, at));
  if (Array.isArray(value)) return value.flatMap((item, i) => unnamedFields(item, schema.items ?? {}, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const extra = schema.additionalProperties;
  return Object.entries(value).flatMap(([key, field]) => {
    const named = schema.properties?.[key];
    if (named) return unnamedFields(field, named, `${at}.${key}`);
    // No properties and no `additionalProperties: false`: a free-form value (a record, `unknown`).
    if (extra === false || (schema.properties && extra === undefined)) return [`${at}.${key}`];
    return unnamedFields(field, typeof extra === 'object' ? extra : {}, `${at}.${key}`);
  });
}

/** No credential or internal column of an account in any answer, whatever the schema says. */
const SECRETS = /passwordHash|password_hash|tokenVersion|token_version|googleSub|google_sub|\$argon2/;

function expectOnlyDeclaredFields(method: string, url: string, res: LightMyRequestResponse) {
  const where = `${method} ${url} → ${res.statusCode}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const schema = declaredSchema(method, url, res.statusCode);
  expect(schema, `${where}: no response schema declared`).toBeDefined();
  expect(unnamedFields(res.json(), schema ?? {}), where).toEqual([]);
  expect(res.body, where).not.toMatch(SECRETS);
}

/** The test app with every answer it gives recorded, for the support helpers to drive. */
function recording(): { app: TestApp; answers: Array<{ method: string; url: string; res: LightMyRequestResponse }> } {
  const answers: Array<{ method: string; url: string; res: LightMyRequestResponse }> = [];
  const inject = async (opts: InjectOptions) => {
    const res = await t.app.inject(opts);
    answers.push({ method: opts.method ?? 'GET', url: String(opts.url), res });
    return res;
  };
  return { app: { ...t, app: { inject } as unknown as ZodApp }, answers };
}

const reads = (): Array<{ url: string; as: Session | null }> => [
  { url: '/api/admin/services/main', as: null },
  { url: '/api/me', as: customer },
  { url: '/api/tickets', as: customer },
  { url: '/api/tickets?limit=1', as: customer },
  { url: '/api/user/inprogress-payments', as: customer },
  { url: '/api/engineer/assigned-tickets', as: engineer },
  { url: '/api/admin/tickets', as: admin },
  { url: '/api/admin/tickets?status=in-progress', as: admin },
  { url: `/api/admin/tickets/${ticketId}/history`, as: admin },
  { url: '/api/admin/users', as: admin },
  { url: '/api/admin/engineers', as: admin },
  { url: '/api/admin/contacts', as: admin },
  { url: '/api/admin/services/all', as: admin },
  { url: '/api/prisma', as: admin },
  { url: '/api/prisma/User', as: admin },
  { url: '/api/prisma/Ticket', as: admin },
  // Refusals and errors are written from their schemas too.
  { url: '/api/tickets', as: null },
  { url: '/api/admin/tickets', as: customer },
  { url: `/api/admin/tickets/${randomUUID()}/history`, as: admin },
  { url: '/api/admin/tickets?limit=0', as: admin },
];

describe('answers carry only the fields their response schemas name', () => {
  it('every read, for each role that may make it, and its refusals', async () => {
    for (const { url, as } of reads()) {
      const res = await t.app.inject({ method: 'GET', url, headers: as ? bearer(as.token) : {} });
      expectOnlyDeclaredFields('GET', url, res);
    }
  });

  it('every write of the service loop: sign-up, booking and paying, the ticket again, assigning, completing', async () => {
    const { app: prod, answers } = recording();
    const buyer = await signUp(prod, { name: 'Second Buyer' });
    const draft = await serviceDraft(prod, 2);
    const { orderId, ticket } = await bookAndPay(prod, buyer, draft);
    expect(ticket).toMatchObject({ status: 'pending', user: { name: 'Second Buyer' }, engineer: null });
    // POST /api/tickets for the same paid order answers the same ticket.
    const again = await prod.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: buyer.headers,
      payload: { ...draftBody(draft), orderId },
    });
    expect(again.json()).toEqual({ ticket });
    const staff = [
      { url: `/api/admin/tickets/${ticket.id}/assign`, as: admin, payload: { engineerId: engineer.user.id } },
      { url: `/api/admin/tickets/${ticket.id}`, as: admin, payload: { status: 'in-progress' } },
      { url: `/api/tickets/${ticket.id}/complete`, as: engineer, payload: { remarks: 'Replaced the screen cable.' } },
    ];
    for (const { url, as, payload } of staff) {
      const res = await prod.app.inject({ method: 'PATCH', url, headers: as.headers, payload });
      expect(res.statusCode, url).toBe(200);
    }
    const refused = await prod.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: buyer.user.email, password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBe(401);

    const writes = answers.filter((a) => a.method !== 'GET');
    expect(writes.map((a) => `${a.method} ${a.url.replace(/[0-9a-f-]{36}|order_[\w-]+/g, '…')}`)).toEqual([
      'POST /api/signup',
      'POST /order',
      'POST /test-checkout/…',
      'POST /verify',
      'POST /api/tickets',
      'PATCH /api/admin/tickets/…/assign',
      'PATCH /api/admin/tickets/…',
      'PATCH /api/tickets/…/complete',
      'POST /api/login',
    ]);
    for (const { method, url, res } of answers) expectOnlyDeclaredFields(method, url, res);
  });

  it('sends a ticket list with its engineer, nulls and text as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/engineer/assigned-tickets',
      headers: engineer.headers,
    });
    const ticket = (res.json().tickets as Array<{ id: string }>).find((x) => x.id === ticketId);
    expect(ticket).toMatchObject({
      id: ticketId,
      description: 'Screen flickers — then goes dark.\nTwice a day, “sometimes” more.',
      completedAt: null,
      remarks: null,
      user: { name: 'Asha "Quotes" Rao' },
      engineer: { id: engineer.user.id, name: 'Ravi Engineer' },
    });
  });
});
