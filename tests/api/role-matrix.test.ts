import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/roles.js';
import { bearer, signUp } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every endpoint of the product, called as anonymous, customer, engineer, admin and superadmin
 * (DECISIONS.md §2: only the catalogue reads, the request form, login, signup and Google login are
 * public; everything else needs a token, and the server checks the role itself).
 */
type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'user', 'engineer', 'admin', 'superadmin'];
const STAFF: Caller[] = ['admin', 'superadmin'];
const EVERYONE: Caller[] = CALLERS;
const SIGNED_IN: Caller[] = ['user', 'engineer', 'admin', 'superadmin'];
const ALL_STAFF: Caller[] = ['engineer', 'admin', 'superadmin'];

const id = randomUUID();
const ENDPOINTS: Array<{
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  allowed: Caller[];
  body?: unknown;
  /** An event stream: served, it stays open (its readers are tests/api/events.test.ts). */
  stream?: true;
  /** Ends the caller's session when served: called with a session of its own. */
  endsSession?: true;
}> = [
  { method: 'GET', url: '/healthz', allowed: EVERYONE },
  { method: 'GET', url: '/api/admin/services/main', allowed: EVERYONE },
  { method: 'GET', url: `/api/admin/services/${id}/sub`, allowed: EVERYONE },
  { method: 'POST', url: '/api/contact/add', allowed: EVERYONE, body: {} },
  { method: 'POST', url: '/api/login', allowed: EVERYONE, body: {} },
  { method: 'POST', url: '/api/signup', allowed: EVERYONE, body: {} },
  { method: 'POST', url: '/api/login/2fa', allowed: EVERYONE, body: {} },
  { method: 'GET', url: '/api/2fa', allowed: ALL_STAFF },
  { method: 'POST', url: '/api/2fa/setup', allowed: ALL_STAFF },
  { method: 'POST', url: '/api/2fa/enable', allowed: ALL_STAFF, body: { code: '123456' } },
  { method: 'POST', url: '/api/2fa/disable', allowed: ALL_STAFF, body: { code: '123456' } },
  { method: 'GET', url: '/api/google/login', allowed: EVERYONE },
  { method: 'GET', url: '/api/google/callback?state=x&code=y', allowed: EVERYONE },
  { method: 'POST', url: '/webhooks/razorpay', allowed: EVERYONE, body: {} },
  { method: 'GET', url: '/api/me', allowed: SIGNED_IN },
  { method: 'POST', url: '/api/logout', allowed: SIGNED_IN, endsSession: true },
  { method: 'GET', url: '/api/events', allowed: SIGNED_IN, stream: true },
  { method: 'PATCH', url: '/api/profile', allowed: ['user'], body: {} },
  { method: 'GET', url: '/api/tickets', allowed: ['user'] },
  { method: 'POST', url: '/api/tickets', allowed: ['user'], body: {} },
  { method: 'POST', url: '/order', allowed: ['user'], body: {} },
  { method: 'POST', url: '/order-inprogress', allowed: ['user'], body: { ticketId: id } },
  { method: 'POST', url: '/verify', allowed: ['user'], body: {} },
  { method: 'GET', url: '/payment-status/order_test_unknown', allowed: ['user'] },
  { method: 'GET', url: '/api/user/inprogress-payments', allowed: ['user'] },
  { method: 'POST', url: '/test-checkout/order_test_unknown', allowed: ['user'], body: { outcome: 'success' } },
  { method: 'GET', url: '/api/engineer/assigned-tickets', allowed: ['engineer'] },
  { method: 'PATCH', url: `/api/tickets/${id}/complete`, allowed: ['engineer'], body: { remarks: 'done' } },
  // Any signed-in account reaches these; the ticket's customer and admins only are then let in (receipts.test.ts).
  { method: 'GET', url: `/api/tickets/${id}/receipts`, allowed: SIGNED_IN },
  { method: 'GET', url: `/api/receipts/${id}`, allowed: SIGNED_IN },
  // The conversation (§7.2): any signed-in account reaches these; tickets/policy.ts then decides per
  // ticket (conversation.test.ts, attachments.test.ts).
  { method: 'GET', url: `/api/tickets/${id}`, allowed: SIGNED_IN },
  { method: 'GET', url: `/api/tickets/${id}/messages`, allowed: SIGNED_IN },
  { method: 'POST', url: `/api/tickets/${id}/messages`, allowed: SIGNED_IN, body: { body: 'Hello' } },
  { method: 'POST', url: `/api/tickets/${id}/messages/read`, allowed: SIGNED_IN, body: { upTo: id } },
  { method: 'POST', url: `/api/tickets/${id}/attachments`, allowed: SIGNED_IN },
  { method: 'GET', url: `/api/attachments/${id}`, allowed: SIGNED_IN },
  {
    method: 'PUT',
    url: `/api/tickets/${id}/remote-access`,
    allowed: ['user'],
    body: { tool: 'AnyDesk', accessId: '1' },
  },
  { method: 'GET', url: '/api/admin/tickets', allowed: STAFF },
  { method: 'PATCH', url: `/api/admin/tickets/${id}`, allowed: STAFF, body: { status: 'completed' } },
  { method: 'PATCH', url: `/api/admin/tickets/${id}/assign`, allowed: STAFF, body: { engineerId: id } },
  { method: 'DELETE', url: `/api/admin/tickets/${id}/assign`, allowed: STAFF },
  { method: 'GET', url: `/api/admin/tickets/${id}/history`, allowed: STAFF },
  { method: 'GET', url: '/api/admin/users', allowed: STAFF },
  { method: 'POST', url: '/api/admin/users', allowed: STAFF, body: {} },
  { method: 'DELETE', url: `/api/admin/users/${id}/2fa`, allowed: STAFF },
  { method: 'PATCH', url: `/api/admin/users/${id}`, allowed: STAFF, body: { role: 'user' } },
  { method: 'PUT', url: `/api/admin/users/${id}/suspension`, allowed: STAFF },
  { method: 'GET', url: `/api/admin/users/${id}/history`, allowed: STAFF },
  {
    method: 'PUT',
    url: `/api/admin/users/${id}/details`,
    allowed: STAFF,
    body: { name: 'X', email: 'x@example.com', phone: '9876543210' },
  },
  { method: 'DELETE', url: `/api/admin/users/${id}/suspension`, allowed: STAFF },
  { method: 'GET', url: '/api/admin/engineers', allowed: STAFF },
  { method: 'GET', url: '/api/admin/contacts', allowed: STAFF },
  { method: 'PATCH', url: `/api/admin/contacts/${id}`, allowed: STAFF, body: { handled: true } },
  { method: 'GET', url: '/api/admin/services/all', allowed: STAFF },
  { method: 'POST', url: '/api/admin/services', allowed: STAFF, body: {} },
  { method: 'PATCH', url: `/api/admin/services/${id}`, allowed: STAFF, body: { name: 'X', parentId: null } },
  { method: 'DELETE', url: `/api/admin/services/${id}`, allowed: STAFF },
  { method: 'GET', url: '/api/prisma', allowed: STAFF },
  { method: 'GET', url: '/api/prisma/User', allowed: STAFF },
  { method: 'GET', url: '/api/admin/jobs', allowed: STAFF },
  { method: 'POST', url: `/api/admin/jobs/${id}/retry`, allowed: STAFF },
  // Email and passwords (DECISIONS.md §7.3): the reset and unsubscribe links carry their own proof.
  { method: 'POST', url: '/api/password/forgot', allowed: EVERYONE, body: {} },
  { method: 'POST', url: '/api/password/reset', allowed: EVERYONE, body: {} },
  { method: 'POST', url: '/api/password/reset/check', allowed: EVERYONE, body: {} },
  { method: 'PATCH', url: '/api/password', allowed: SIGNED_IN, body: {} },
  { method: 'GET', url: '/api/profile/notifications', allowed: SIGNED_IN },
  { method: 'PATCH', url: '/api/profile/notifications', allowed: SIGNED_IN, body: {} },
  { method: 'GET', url: '/api/unsubscribe?token=x', allowed: EVERYONE },
  { method: 'POST', url: '/api/unsubscribe?token=x', allowed: EVERYONE },
  { method: 'GET', url: '/api/admin/emails', allowed: STAFF },
  { method: 'GET', url: `/api/admin/emails/${id}`, allowed: STAFF },
  { method: 'POST', url: `/api/admin/emails/${id}/retry`, allowed: STAFF },
  { method: 'GET', url: '/api/admin/reports?from=2026-01-01&to=2026-01-31', allowed: STAFF },
  { method: 'POST', url: `/api/tickets/${id}/rating`, allowed: ['user'], body: { score: 5 } },
  { method: 'GET', url: '/api/engineer/rating', allowed: ['engineer'] },
  { method: 'GET', url: '/api/admin/tickets.csv', allowed: STAFF },
];

let t: TestApp;
const headers: Record<Caller, Record<string, string>> = { anonymous: {} } as Record<Caller, Record<string, string>>;

async function rootSession() {
  const root = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root@example.com', password: 'root-password-1' },
  });
  return bearer(root.json().token);
}

/** A session of the caller's role that no other case uses (for an endpoint that ends it). */
const sessionOfItsOwn = async (caller: Caller) =>
  caller === 'anonymous' ? {} : caller === 'superadmin' ? rootSession() : (await signUp(t, {}, caller)).headers;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' });
  for (const role of ['user', 'engineer', 'admin'] as const) headers[role] = (await signUp(t, {}, role)).headers;
  headers.superadmin = await rootSession();
});
afterAll(() => t.close());

describe('role matrix: every endpoint × every role', () => {
  for (const e of ENDPOINTS) {
    for (const caller of CALLERS) {
      const allowed = e.allowed.includes(caller);
      if (allowed && e.stream) continue;
      it(`${e.method} ${e.url} as ${caller} → ${allowed ? 'served' : caller === 'anonymous' ? '401' : '403'}`, async () => {
        const res = await t.app.inject({
          method: e.method,
          url: e.url,
          headers: e.endsSession ? await sessionOfItsOwn(caller) : headers[caller],
          ...(e.body === undefined ? {} : { payload: e.body as object }),
        });
        expect(res.statusCode).toBeLessThan(500);
        if (allowed) {
          // Served: whatever the answer (200, 201, 302, or a 400/402/404/409 about the input), not an access refusal.
          expect([401, 403]).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
          expect(typeof res.json().error).toBe('string');
        }
      });
    }
  }

  it('covers every route the app declares (from its OpenAPI document)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The API (pages, robots.txt and sitemap.xml are public HTML/text, covered by security-headers.test.ts).
    const api = Object.entries(doc.paths).filter(([path]) =>
      /^\/(api\/|order|verify|payment-status|test-checkout|webhooks|healthz)/.test(path),
    );
    const declared = api.flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'patch', 'delete', 'put'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(declared.length).toBeGreaterThanOrEqual(ENDPOINTS.length);
    const template = (url: string) =>
      url
        .split('?')[0]!
        .replace(id, '{id}')
        .replace(/order_test_unknown/, '{orderId}')
        .replace(/\/api\/prisma\/User$/, '/api/prisma/{model}');
    const covered = new Set(ENDPOINTS.map((e) => `${e.method} ${template(e.url)}`));
    const missing = declared.filter((r) => !covered.has(r) && !r.startsWith('GET /api/docs'));
    expect(missing).toEqual([]);
  });
});
