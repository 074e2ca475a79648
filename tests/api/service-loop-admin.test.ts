import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../src/server/db/schema/index.js';
import { createTestAppWithSuperadmin, expectError, signUp } from '../support/api.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The admin's tools along the service loop (service-loop.test.ts): the database viewer
 * (/api/prisma), which lists the models, pages them and never shows a password hash; and deleting
 * a main service from the catalogue, after which tickets keep their service names.
 */

let t: TestApp;
/** The boot superadmin. */
let admin: { authorization: string };

beforeAll(async () => {
  ({ t, superadmin: admin } = await createTestAppWithSuperadmin());
});
afterAll(() => t.close());

describe('the whole service loop through the API', () => {
  it('the database viewer lists models, pages records newest first, and never shows a password hash', async () => {
    await signUp(t);
    const models = await t.app.inject({ method: 'GET', url: '/api/prisma', headers: admin });
    expect(models.json()).toEqual(
      expect.arrayContaining(['User', 'Ticket', 'MainService', 'ContactRequest', 'Payment', 'TicketEvent']),
    );
    for (const model of models.json() as string[]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/prisma/${model}?limit=500`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|googleSub/);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/prisma/User?limit=1', headers: admin });
    expect(page.json()).toHaveLength(1);
    // Exactly these: no password hash, Google link or session counter (tokenVersion).
    expect(Object.keys((page.json() as Record<string, unknown>[])[0]!).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'name',
      'phone',
      'role',
      'suspendedAt',
    ]);
    expect(page.headers['x-next-offset']).toBe('1');
    expectError(await t.app.inject({ method: 'GET', url: '/api/prisma/Secrets', headers: admin }), 404);
    expectError(await t.app.inject({ method: 'GET', url: '/api/prisma/User?limit=501', headers: admin }), 400);
  });

  it('the database viewer pages rows that share a creation time with no duplicate and no gap', async () => {
    // Rows made in one transaction share now(): the order must not depend on the timestamp alone.
    const at = new Date('2020-01-01T00:00:00Z');
    const made = await t.database.db
      .insert(contactRequests)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          name: `Same time ${i}`,
          email: `same-${i}@example.com`,
          phone: '+91 90000 00000',
          computerType: 'Laptop' as const,
          description: 'Shares a timestamp',
          urgency: 'Low' as const,
          mainServiceName: 'Hardware Diagnostics',
          subServiceName: 'Laptop Not Turning On',
          createdAt: at,
        })),
      )
      .returning({ id: contactRequests.id });
    const seen: string[] = [];
    for (let offset: string | undefined = '0'; offset !== undefined;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/prisma/ContactRequest?limit=3&offset=${offset}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as { id: string }[]).map((r) => r.id));
      offset = res.headers['x-next-offset'] as string | undefined;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made.map((r) => r.id)));
  });

  it('deleting a main service takes its sub-services, and tickets keep their service names', async () => {
    const main = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: admin,
      payload: { name: 'Gaming PCs', parentId: '' },
    });
    expect(main.statusCode).toBe(201);
    expect(main.json().service.parentId).toBeNull();
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: admin,
      payload: { name: 'GPU drivers', parentId: main.json().service.id },
    });
    const customer = await signUp(t);
    const order = await t.app.inject({
      method: 'POST',
      url: '/order',
      headers: customer.headers,
      payload: { mainServiceId: main.json().service.id, subServiceId: sub.json().service.id, description: 'Stutters' },
    });
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${order.json().id}`,
      headers: customer.headers,
      payload: { outcome: 'success' },
    });
    await t.app.inject({ method: 'POST', url: '/verify', headers: customer.headers, payload: checkout.json() });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/services/${main.json().service.id}`,
      headers: admin,
    });
    expect(del.json()).toEqual({ success: true });
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/services/all', headers: admin });
    expect(JSON.stringify(all.json())).not.toContain('GPU drivers');
    const tickets = await t.app.inject({ method: 'GET', url: '/api/tickets', headers: customer.headers });
    expect(tickets.json().tickets[0].service).toBe('Gaming PCs › GPU drivers');
  });
});
