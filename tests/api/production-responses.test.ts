import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ZodApp } from '../../src/server/lib/http.js';
import { bearer, signUp, type Session } from '../support/api.js';
import { bookAndPay, serviceDraft } from '../support/booking.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

/**
 * In production (and development) responses are written by the writers compiled from the zod
 * schemas alone (src/server/lib/serializer.ts); in the tests each response is checked against its
 * zod schema too. Here a production-mode app runs on the same database as the test one, and every
 * read the product makes, for each role that may make it, must answer the same bytes on both.
 */
let t: TestApp;
let production: ZodApp;
let customer: Session;
let engineer: Session;
let admin: Session;
let ticketId = '';

beforeAll(async () => {
  t = await createTestApp();
  production = await buildApp({
    config: { ...t.config, env: 'production' },
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
  });
  await production.ready();

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
afterAll(async () => {
  await production?.close();
  await t?.close();
});

const reads = (): Array<{ url: string; as: Session | null }> => [
  { url: '/api/admin/services/main', as: null },
  { url: '/api/me', as: customer },
  { url: '/api/tickets', as: customer },
  { url: '/api/tickets?limit=1', as: customer },
  { url: `/api/tickets/${ticketId}`, as: customer },
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
  { url: `/api/tickets/${randomUUID()}`, as: customer },
  { url: '/api/admin/tickets?limit=0', as: admin },
];

describe('production responses: the compiled writers send what the zod schemas describe', () => {
  it('answers every read with the same status and bytes as the checked serializer', async () => {
    for (const { url, as } of reads()) {
      const headers = as ? bearer(as.token) : {};
      const [checked, fast] = await Promise.all([
        t.app.inject({ method: 'GET', url, headers }),
        production.inject({ method: 'GET', url, headers }),
      ]);
      expect(checked.statusCode, url).toBeLessThan(500);
      expect({ url, status: fast.statusCode, body: fast.body }).toEqual({
        url,
        status: checked.statusCode,
        body: checked.body,
      });
    }
  });

  it('signs up, books and pays, and completes a ticket through the production app (the writes’ answers too)', async () => {
    const prod: TestApp = { ...t, app: production };
    const buyer = await signUp(prod, { name: 'Production Buyer' });
    const me = await production.inject({ method: 'GET', url: '/api/me', headers: buyer.headers });
    expect(me.json()).toEqual({ user: buyer.user });
    const { ticket } = await bookAndPay(prod, buyer, await serviceDraft(prod, 2));
    expect(ticket).toMatchObject({
      status: 'pending',
      user: { name: 'Production Buyer' },
      engineer: null,
      completedAt: null,
    });
    const assign = await production.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket.id}/assign`,
      headers: admin.headers,
      payload: { engineerId: engineer.user.id },
    });
    expect(assign.statusCode).toBe(200);
    const start = await production.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: admin.headers,
      payload: { status: 'in-progress' },
    });
    expect(start.json().ticket).toMatchObject({
      id: ticket.id,
      status: 'in-progress',
      engineer: { id: engineer.user.id },
    });
    const done = await production.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticket.id}/complete`,
      headers: engineer.headers,
      payload: { remarks: 'Replaced the screen cable.' },
    });
    expect(done.json().ticket).toMatchObject({
      id: ticket.id,
      status: 'completed',
      remarks: 'Replaced the screen cable.',
    });
    expect(typeof done.json().ticket.completedAt).toBe('string');
    const refused = await production.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: buyer.user.email, password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: expect.any(String) });
  });

  it('sends a ticket list with its engineer, nulls and text as they are', async () => {
    const res = await production.inject({
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
