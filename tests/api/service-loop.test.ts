import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../src/server/db/schema/index.js';
import { bearer, expectError, mainServices, signUp, subServices, uniqueEmail } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = { email: 'boss@example.com', password: 'boss-password-1' };
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
  admin = bearer(res.json().token);
});
afterAll(() => t.close());

/** Books and pays a ticket through the test provider, as the browser does. */
async function bookTicket(headers: { authorization: string }) {
  const [main] = await mainServices(t.app);
  const [sub] = await subServices(t.app, main!.id);
  const order = await t.app.inject({
    method: 'POST',
    url: '/order',
    headers,
    payload: {
      amount: 9900,
      currency: 'INR',
      mainServiceId: main!.id,
      subServiceId: sub!.id,
      description: 'No Wi-Fi since the update',
    },
  });
  const checkout = await t.app.inject({
    method: 'POST',
    url: `/test-checkout/${order.json().id}`,
    headers,
    payload: { outcome: 'success' },
  });
  const verify = await t.app.inject({ method: 'POST', url: '/verify', headers, payload: checkout.json() });
  expect(verify.statusCode).toBe(200);
  return verify.json().ticket as { id: string };
}

describe('the whole service loop through the API', () => {
  it('books, assigns, charges the in-progress fee, completes, and records every step', async () => {
    const customer = await signUp(t);
    const ticket = await bookTicket(customer.headers);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin,
      payload: {
        name: 'Ravi Engineer',
        email: uniqueEmail('eng'),
        phone: '+91 90000 00001',
        password: 'engineer-pass-1',
        role: 'engineer',
      },
    });
    expect(created.statusCode).toBe(201);
    const engineer = created.json().user as { id: string; email: string };
    const engLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: engineer.email, password: 'engineer-pass-1' },
    });
    const eng = bearer(engLogin.json().token);

    const engineers = await t.app.inject({ method: 'GET', url: '/api/admin/engineers', headers: admin });
    expect(engineers.json().engineers.map((e: { id: string }) => e.id)).toContain(engineer.id);

    const assigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket.id}/assign`,
      headers: admin,
      payload: { engineerId: engineer.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().ticket.engineer).toMatchObject({
      id: engineer.id,
      name: 'Ravi Engineer',
      email: engineer.email,
    });
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/tickets/${ticket.id}/assign`,
        headers: admin,
        payload: { engineerId: engineer.id },
      }),
      409,
    );

    // The engineer cannot complete a pending ticket.
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/tickets/${ticket.id}/complete`,
        headers: eng,
        payload: { remarks: 'done' },
      }),
      409,
    );

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: admin,
      payload: { status: 'in-progress' },
    });
    expect(moved.json().ticket.status).toBe('in-progress');
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/tickets/${ticket.id}`,
        headers: admin,
        payload: { status: 'in-progress' },
      }),
      409,
    );

    const before = await t.app.inject({ method: 'GET', url: '/api/tickets', headers: customer.headers });
    expect(before.json().tickets[0].engineer).toEqual({ id: engineer.id, name: 'Ravi Engineer' });

    const order = await t.app.inject({
      method: 'POST',
      url: '/order-inprogress',
      headers: customer.headers,
      payload: { ticketId: ticket.id, amount: 29900, currency: 'INR' },
    });
    expect(order.statusCode).toBe(201);
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${order.json().id}`,
      headers: customer.headers,
      payload: { outcome: 'success' },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/verify',
      headers: customer.headers,
      payload: checkout.json(),
    });
    expect(verified.json()).toMatchObject({
      status: 'success',
      ticket: { id: ticket.id, engineer: { email: engineer.email } },
    });

    const after = await t.app.inject({ method: 'GET', url: '/api/tickets', headers: customer.headers });
    expect(after.json().tickets[0].engineer).toMatchObject({ email: engineer.email, phone: '+91 90000 00001' });

    const mine = await t.app.inject({ method: 'GET', url: '/api/engineer/assigned-tickets', headers: eng });
    expect(mine.json().tickets[0]).toMatchObject({
      id: ticket.id,
      user: { name: customer.user.name, email: customer.user.email, phone: customer.user.phone },
    });

    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/tickets/${ticket.id}/complete`,
        headers: eng,
        payload: { remarks: '   ' },
      }),
      400,
      'Please enter remarks before completing the ticket.',
    );
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticket.id}/complete`,
      headers: eng,
      payload: { remarks: 'Reinstalled the Wi-Fi driver.' },
    });
    expect(done.json().ticket).toMatchObject({ status: 'completed', remarks: 'Reinstalled the Wi-Fi driver.' });
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/tickets/${ticket.id}`,
        headers: admin,
        payload: { status: 'pending' },
      }),
      409,
    );

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tickets/${ticket.id}/history`,
      headers: admin,
    });
    const kinds = history.json().events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual([
      'payment_created',
      'payment_captured',
      'created',
      'payment_verified',
      'assigned',
      'status_changed',
      'payment_created',
      'payment_captured',
      'payment_verified',
      'completed',
    ]);
    const completed = history.json().events.at(-1);
    expect(completed.actor).toMatchObject({ id: engineer.id, role: 'engineer' });
  });

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
