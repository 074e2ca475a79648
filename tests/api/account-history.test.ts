import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import type { AccountChange } from '../../src/shared/contracts/admin.js';
import { createTestAppWithAdmins, expectError, type Session, signUp, uniqueEmail } from '../support/api.js';
import { assignViaApi, bookAndPay, del, type Draft, get, patch, post, serviceDraft } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// What admins did to an account (GET /api/admin/users/{id}/history): each change, who made it and
// when, kept in the transaction that made it; a refused change leaves no line.

let t: TestApp;
let admin: Session;
let draft: Draft;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

const history = async (userId: string, query = '', headers: Record<string, string> = admin.headers) => {
  const res = await get(t, `/api/admin/users/${userId}/history${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { changes: AccountChange[]; nextCursor: string | null };
};
const kinds = async (userId: string) =>
  (await history(userId)).changes.map((c) => [c.kind, c.from, c.to, c.actor?.id ?? null]);
const suspension = (method: 'PUT' | 'DELETE', userId: string) =>
  t.app.inject({ method, url: `/api/admin/users/${userId}/suspension`, headers: admin.headers });

describe('GET /api/admin/users/{id}/history', () => {
  it('keeps each change an admin makes, in order, with who made it', async () => {
    const created = await post(
      t,
      '/api/admin/users',
      {
        name: 'Hired Engineer',
        email: uniqueEmail('hired'),
        phone: '+91 98765 43210',
        password: 'amber-field-lamp-93',
        role: 'engineer',
      },
      admin.headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { user: { id: string } }).user.id;

    expect((await patch(t, `/api/admin/users/${id}`, { role: 'user' }, admin.headers)).statusCode).toBe(200);
    expect((await suspension('PUT', id)).statusCode).toBe(200);
    expect((await suspension('DELETE', id)).statusCode).toBe(200);

    const { changes, nextCursor } = await history(id);
    expect(nextCursor).toBeNull();
    expect(changes.map((c) => [c.kind, c.from, c.to])).toEqual([
      ['created', null, 'engineer'],
      ['role', 'engineer', 'user'],
      ['suspended', null, null],
      ['reinstated', null, null],
    ]);
    for (const c of changes) {
      expect(c.actor).toEqual({ id: admin.user.id, name: admin.user.name, role: 'admin' });
      expect(Date.parse(c.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('keeps an admin turning off two-factor sign-in', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const setup = await post(t, '/api/2fa/setup', {}, engineer.headers);
    const { secret } = setup.json() as { secret: string };
    expect((await post(t, '/api/2fa/enable', { code: await generate({ secret }) }, engineer.headers)).statusCode).toBe(
      200,
    );
    expect((await del(t, `/api/admin/users/${engineer.user.id}/2fa`, admin.headers)).statusCode).toBe(200);
    expect(await kinds(engineer.user.id)).toEqual([['two-factor-off', null, null, admin.user.id]]);
  });

  it('a signup, a refused change and a change to what already is leave no line', async () => {
    const customer = await signUp(t);
    expect((await patch(t, `/api/admin/users/${customer.user.id}`, { role: 'user' }, admin.headers)).statusCode).toBe(
      200,
    );
    expect((await suspension('DELETE', customer.user.id)).statusCode).toBe(200);
    expect(await kinds(customer.user.id)).toEqual([]);

    const engineer = await signUp(t, {}, 'engineer');
    const { ticket } = await bookAndPay(t, customer, draft);
    await assignViaApi(t, admin, ticket.id, engineer);
    expectError(await suspension('PUT', engineer.user.id), 409);
    expectError(await patch(t, `/api/admin/users/${engineer.user.id}`, { role: 'user' }, admin.headers), 409);
    expect(await kinds(engineer.user.id)).toEqual([]);

    expect((await suspension('PUT', customer.user.id)).statusCode).toBe(200);
    expect((await suspension('PUT', customer.user.id)).statusCode).toBe(200);
    expect(await kinds(customer.user.id)).toEqual([['suspended', null, null, admin.user.id]]);
  });

  it('pages oldest first; a cursor from another account’s history finds nothing', async () => {
    const customer = await signUp(t);
    for (let i = 0; i < 3; i++) {
      expect((await suspension('PUT', customer.user.id)).statusCode).toBe(200);
      expect((await suspension('DELETE', customer.user.id)).statusCode).toBe(200);
    }
    const first = await history(customer.user.id, '?limit=4');
    expect(first.changes.map((c) => c.kind)).toEqual(['suspended', 'reinstated', 'suspended', 'reinstated']);
    expect(first.nextCursor).toBe(first.changes[3]?.id);
    const second = await history(customer.user.id, `?limit=4&after=${first.nextCursor}`);
    expect(second.changes.map((c) => c.kind)).toEqual(['suspended', 'reinstated']);
    expect(second.nextCursor).toBeNull();

    const other = await signUp(t);
    expect((await history(other.user.id, `?after=${first.nextCursor}`)).changes).toEqual([]);
    expectError(await get(t, `/api/admin/users/${customer.user.id}/history?limit=0`, admin.headers), 400);
    expectError(await get(t, `/api/admin/users/${customer.user.id}/history?after=nope`, admin.headers), 400);
  });

  it('keeps the line when the admin who made it is gone, without naming them', async () => {
    const leaving = await signUp(t, {}, 'admin');
    const customer = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${customer.user.id}/suspension`,
      headers: leaving.headers,
    });
    expect(res.statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, leaving.user.id));
    const { changes } = await history(customer.user.id);
    expect(changes.map((c) => [c.kind, c.actor])).toEqual([['suspended', null]]);
  });

  it('answers 404 for no such account and 400 for a malformed id; only admins may read it', async () => {
    expectError(await get(t, '/api/admin/users/00000000-0000-4000-8000-000000000000/history', admin.headers), 404);
    expectError(await get(t, '/api/admin/users/not-an-id/history', admin.headers), 400);
    const customer = await signUp(t);
    const engineer = await signUp(t, {}, 'engineer');
    for (const s of [customer, engineer]) {
      expectError(await get(t, `/api/admin/users/${s.user.id}/history`, s.headers), 403);
    }
    expectError(await get(t, `/api/admin/users/${customer.user.id}/history`), 401);
  });
});
