import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountChange } from '../../src/shared/contracts/admin.js';
import type { AdminUser } from '../../src/shared/contracts/two-factor.js';
import {
  BOOT_SUPERADMIN,
  createTestAppWithAdmins,
  expectError,
  logIn,
  type Session,
  signUp,
  uniqueEmail,
} from '../support/api.js';
import { get, post } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// An admin corrects an account's name, email and phone (PUT /api/admin/users/{id}/details): staff
// have no profile page of their own, and a customer may have mistyped their email at signup.

const PASSWORD = 'correct-horse-42';

let t: TestApp;
let admin: Session;
let superadmin: { authorization: string };

beforeAll(async () => {
  ({ t, admin, superadmin } = await createTestAppWithAdmins());
});
afterAll(() => t.close());

interface Details {
  name: string;
  email: string;
  phone: string;
}

const putDetails = (userId: string, body: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/details`, headers, payload: body as object });

const detailsOf = (s: Session): Details => ({ name: s.user.name, email: s.user.email, phone: s.user.phone });

async function historyOf(userId: string): Promise<AccountChange[]> {
  const res = await get(t, `/api/admin/users/${userId}/history`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { changes: AccountChange[] }).changes;
}

describe('PUT /api/admin/users/{id}/details', () => {
  it('corrects an engineer’s details: the new email signs in, the sessions go on, the history names the fields', async () => {
    const engineer = await signUp(t, { name: 'Enginer Typo', password: PASSWORD }, 'engineer');
    const email = uniqueEmail('engineer.fixed');
    const res = await putDetails(engineer.user.id, {
      name: '  Engineer Fixed ',
      email: `  ${email.toUpperCase()} `,
      phone: '+91 91234 56789',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json() as { user: AdminUser };
    expect(user).toMatchObject({
      id: engineer.user.id,
      name: 'Engineer Fixed',
      email,
      phone: '+91 91234 56789',
      role: 'engineer',
      suspendedAt: null,
      twoFactorEnabled: false,
    });
    expect(user).not.toHaveProperty('passwordHash');

    // The session from before goes on, and already sees the new details.
    const me = await get(t, '/api/me', engineer.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ name: 'Engineer Fixed', email });
    // The new address signs in; the old one is nobody's now.
    await logIn(t, email, PASSWORD);
    expectError(await post(t, '/api/login', { email: engineer.user.email, password: PASSWORD }), 401);

    const changes = await historyOf(engineer.user.id);
    expect(changes.at(-1)).toMatchObject({
      kind: 'details',
      fields: ['name', 'email', 'phone'],
      from: null,
      to: null,
      actor: { id: admin.user.id, name: admin.user.name, role: 'admin' },
    });
    // Names of the fields, never their values.
    expect(JSON.stringify(changes)).not.toContain(engineer.user.email);
    expect(JSON.stringify(changes)).not.toContain(email);
  });

  it('the same details again change nothing and add no line; one field names only that one', async () => {
    const customer = await signUp(t);
    expect((await putDetails(customer.user.id, detailsOf(customer))).statusCode).toBe(200);
    expect((await historyOf(customer.user.id)).filter((c) => c.kind === 'details')).toEqual([]);

    const res = await putDetails(customer.user.id, { ...detailsOf(customer), phone: '9000000001' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await historyOf(customer.user.id)).map((c) => [c.kind, c.fields])).toEqual([['details', ['phone']]]);
    // A customer's own session sees it too.
    expect((await get(t, '/api/me', customer.headers)).json().user.phone).toBe('9000000001');
  });

  it('an email another account holds: 409, nothing changed', async () => {
    const customer = await signUp(t);
    const other = await signUp(t);
    expectError(
      await putDetails(customer.user.id, {
        ...detailsOf(customer),
        name: 'Not Saved',
        email: other.user.email.toUpperCase(),
      }),
      409,
      'An account with this email already exists',
    );
    expect((await get(t, '/api/me', customer.headers)).json().user).toMatchObject(detailsOf(customer));
    expect(await historyOf(customer.user.id)).toEqual([]);
  });

  it('two admins giving two accounts one address at once: one wins, the other is told 409', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const email = uniqueEmail('contested');
    const answers = await Promise.all([
      putDetails(a.user.id, { ...detailsOf(a), email }),
      putDetails(b.user.id, { ...detailsOf(b), email }, superadmin),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses what the form refuses (bad email, phone or name, a missing field) and reads nothing else', async () => {
    const customer = await signUp(t);
    const ok = detailsOf(customer);
    expectError(await putDetails(customer.user.id, { ...ok, email: 'not an email' }), 400, /valid email/);
    expectError(await putDetails(customer.user.id, { ...ok, phone: 'call me' }), 400, /valid phone/);
    expectError(await putDetails(customer.user.id, { ...ok, name: '   ' }), 400, /Name is required/);
    expectError(await putDetails(customer.user.id, { name: ok.name, email: ok.email }), 400);
    // Only the details are read: a role in the body is not one of them.
    expect((await putDetails(customer.user.id, { ...ok, role: 'admin' })).statusCode).toBe(200);
    expect((await get(t, '/api/me', customer.headers)).json().user.role).toBe('user');
  });

  it('a superadmin’s details only that superadmin changes, never the email; an unknown id is 404', async () => {
    const me = (await get(t, '/api/me', superadmin)).json().user as Session['user'];
    const mine = { name: me.name, email: me.email, phone: me.phone || '9000000002' };
    expectError(await putDetails(me.id, { ...mine, name: 'Taken Over' }), 403, /Only a superadmin/);
    expectError(await putDetails(me.id, { ...mine, email: uniqueEmail('boss') }, superadmin), 403, /ADMIN_EMAIL/);
    const res = await putDetails(me.id, { ...mine, name: 'The Owner' }, superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: AdminUser }).user).toMatchObject({ name: 'The Owner', email: BOOT_SUPERADMIN.email });
    expectError(await putDetails('00000000-0000-4000-8000-000000000000', mine), 404);
  });

  it('customers and engineers may not; signed out is 401', async () => {
    const target = await signUp(t);
    const customer = await signUp(t);
    const engineer = await signUp(t, {}, 'engineer');
    const body = { ...detailsOf(target), name: 'Hijacked' };
    expectError(await putDetails(target.user.id, body, customer.headers), 403);
    expectError(await putDetails(target.user.id, body, engineer.headers), 403);
    expectError(await putDetails(target.user.id, body, {}), 401);
    // Not even one's own, this way: a customer has PATCH /api/profile.
    expectError(await putDetails(customer.user.id, { ...detailsOf(customer), name: 'Self' }, customer.headers), 403);
    expect((await get(t, '/api/me', target.headers)).json().user.name).toBe(target.user.name);
  });
});
