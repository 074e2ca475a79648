import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAppWithSuperadmin,
  expectError,
  mainServices,
  signUp,
  subServices,
  uniqueEmail,
} from '../support/api.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The whole service loop through the API: a customer books and pays, the superadmin makes an
 * engineer, assigns the ticket and starts the work, the customer pays the in-progress fee, the
 * engineer completes it, and the history records every step. The admin's tools along the way:
 * service-loop-admin.test.ts.
 */

let t: TestApp;
/** The boot superadmin. */
let admin: { authorization: string };

beforeAll(async () => {
  ({ t, superadmin: admin } = await createTestAppWithSuperadmin());
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

    // Blank: spaces, or characters that show nothing (zero-width space and joiners, word joiner).
    for (const remarks of ['   ', '\u200b\u200c\u200d\u2060', ' \u00a0\ufeff ']) {
      expectError(
        await t.app.inject({
          method: 'PATCH',
          url: `/api/tickets/${ticket.id}/complete`,
          headers: eng,
          payload: { remarks },
        }),
        400,
        'Please enter remarks before completing the ticket.',
      );
    }
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
});
