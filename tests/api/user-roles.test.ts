import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/roles.js';
import { createTestAppWithAdmins, expectError, logIn, type Session, signUp } from '../support/api.js';
import { assignViaApi, bookAndPay, del, type Draft, get, patch, serviceDraft } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// An admin changes an account's role (PATCH /api/admin/users/{id}): an engineer who leaves is turned
// away, a customer hired as an engineer is let in. The account signs in again with its new role.

const PASSWORD = 'correct-horse-42';

let t: TestApp;
let admin: Session;
let superadmin: { authorization: string };
let draft: Draft;

beforeAll(async () => {
  ({ t, admin, superadmin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

const changeRole = (userId: string, role: string, headers: Record<string, string> = admin.headers) =>
  patch(t, `/api/admin/users/${userId}`, { role }, headers);

async function ticketAssignedTo(engineer: Session) {
  const { ticket } = await bookAndPay(t, await signUp(t), draft);
  await assignViaApi(t, admin, ticket.id, engineer);
  return ticket;
}

describe('PATCH /api/admin/users/{id}: an account’s role', () => {
  it('a customer made an engineer is signed out, and signs in again to the engineer’s tickets', async () => {
    const hired = await signUp(t, { password: PASSWORD });
    const res = await changeRole(hired.user.id, 'engineer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: hired.user.id, role: 'engineer', twoFactorEnabled: false });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    expectError(await get(t, '/api/me', hired.headers), 401);

    const again = await logIn(t, hired.user.email, PASSWORD);
    expect((await get(t, '/api/engineer/assigned-tickets', again)).statusCode).toBe(200);
    expectError(await get(t, '/api/tickets', again), 403);
    const listed = await get(
      t,
      `/api/admin/users?role=engineer&q=${encodeURIComponent(hired.user.email)}`,
      admin.headers,
    );
    expect(listed.json().users.map((u: { id: string }) => u.id)).toEqual([hired.user.id]);
  });

  it('an engineer with a ticket not yet completed keeps the role until it is reassigned or unassigned', async () => {
    const leaving = await signUp(t, { name: 'Leaving Engineer', password: PASSWORD }, 'engineer');
    const first = await ticketAssignedTo(leaving);
    const second = await ticketAssignedTo(leaving);

    const refused = await changeRole(leaving.user.id, 'user');
    const [a, b] = [first.number, second.number].sort((x, y) => Number(x.slice(3)) - Number(y.slice(3)));
    expectError(
      refused,
      409,
      `Leaving Engineer has 2 tickets not yet completed (${a}, ${b}): reassign or unassign them first`,
    );
    // Refused, nothing changed: the engineer still works.
    expect((await get(t, '/api/engineer/assigned-tickets', leaving.headers)).statusCode).toBe(200);

    expect((await del(t, `/api/admin/tickets/${first.id}/assign`, admin.headers)).statusCode).toBe(200);
    expectError(
      await changeRole(leaving.user.id, 'user'),
      409,
      `Leaving Engineer has 1 ticket not yet completed (${second.number}): reassign or unassign it first`,
    );
    expect((await del(t, `/api/admin/tickets/${second.id}/assign`, admin.headers)).statusCode).toBe(200);

    const done = await changeRole(leaving.user.id, 'user');
    expect(done.statusCode, done.body).toBe(200);
    expectError(await get(t, '/api/engineer/assigned-tickets', leaving.headers), 401);
    const again = await logIn(t, leaving.user.email, PASSWORD);
    expectError(await get(t, '/api/engineer/assigned-tickets', again), 403);
    expectError(await get(t, `/api/tickets/${first.id}/messages`, again), 403);
    // No longer an engineer: it cannot be assigned.
    expectError(
      await patch(t, `/api/admin/tickets/${first.id}/assign`, { engineerId: leaving.user.id }, admin.headers),
      400,
    );
  });

  it('names the first five tickets that hold an engineer back, and how many more', async () => {
    const busy = await signUp(t, { name: 'Busy Engineer' }, 'engineer');
    const numbers: string[] = [];
    for (let i = 0; i < 7; i++) numbers.push((await ticketAssignedTo(busy)).number);
    numbers.sort((x, y) => Number(x.slice(3)) - Number(y.slice(3)));
    expectError(
      await changeRole(busy.user.id, 'user'),
      409,
      `Busy Engineer has 7 tickets not yet completed (${numbers.slice(0, 5).join(', ')} and 2 more): reassign or unassign them first`,
    );
  });

  it('a completed ticket does not hold an engineer back', async () => {
    const engineer = await signUp(t, { password: PASSWORD }, 'engineer');
    const ticket = await ticketAssignedTo(engineer);
    expect(
      (await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers)).statusCode,
    ).toBe(200);
    const completed = await patch(
      t,
      `/api/tickets/${ticket.id}/complete`,
      { remarks: 'Replaced the charger.' },
      engineer.headers,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await changeRole(engineer.user.id, 'user')).statusCode).toBe(200);
    // The completed ticket still names who did the work.
    const history = await get(t, `/api/tickets/${ticket.id}`, admin.headers);
    expect(history.json().ticket.engineer).toMatchObject({ id: engineer.user.id });
  });

  it('the same role again changes nothing: the sessions hold', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const res = await changeRole(engineer.user.id, 'engineer');
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(t, '/api/engineer/assigned-tickets', engineer.headers)).statusCode).toBe(200);
  });

  it('an admin may make another admin a customer, and a superadmin may too', async () => {
    const other = await signUp(t, {}, 'admin');
    expect((await changeRole(other.user.id, 'engineer')).statusCode).toBe(200);
    const third = await signUp(t, {}, 'admin');
    expect((await changeRole(third.user.id, 'user', superadmin)).statusCode).toBe(200);
  });

  it('refuses one’s own role, a superadmin’s, the superadmin role, and what is not there', async () => {
    expectError(await changeRole(admin.user.id, 'user'), 403, 'You cannot change your own role');
    const me = (await get(t, '/api/me', superadmin)).json().user as { id: string; role: Role };
    expect(me.role).toBe('superadmin');
    expectError(await changeRole(me.id, 'user'), 403, 'A superadmin’s role cannot be changed');
    expectError(await changeRole(me.id, 'admin', superadmin), 403);

    const customer = await signUp(t);
    expectError(await changeRole(customer.user.id, 'superadmin'), 400, 'Role must be user, admin or engineer');
    expectError(await changeRole(customer.user.id, ''), 400);
    expectError(await patch(t, `/api/admin/users/${customer.user.id}`, {}, admin.headers), 400);
    expectError(await changeRole('00000000-0000-4000-8000-000000000000', 'engineer'), 404);
    expectError(await changeRole('not-an-id', 'engineer'), 400);
    expect((await get(t, '/api/tickets', customer.headers)).statusCode).toBe(200);
  });

  it('customers and engineers may not change anyone’s role, their own included', async () => {
    const customer = await signUp(t);
    const engineer = await signUp(t, {}, 'engineer');
    expectError(await changeRole(customer.user.id, 'admin', customer.headers), 403);
    expectError(await changeRole(engineer.user.id, 'admin', engineer.headers), 403);
    expectError(await changeRole(customer.user.id, 'engineer', engineer.headers), 403);
    expect((await get(t, '/api/tickets', customer.headers)).statusCode).toBe(200);
  });

  it('an assignment racing the change never leaves a former engineer with an open ticket', async () => {
    for (let round = 0; round < 10; round++) {
      const engineer = await signUp(t, {}, 'engineer');
      const customer = await signUp(t);
      const { ticket } = await bookAndPay(t, customer, draft);
      const [assigned, changed] = await Promise.all([
        patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers),
        changeRole(engineer.user.id, 'user'),
      ]);
      // One of the two wins; never both.
      expect([assigned.statusCode, changed.statusCode].sort()).toEqual(
        assigned.statusCode === 200 ? [200, 409] : [200, 400],
      );
      const view = (await get(t, `/api/tickets/${ticket.id}`, admin.headers)).json().ticket;
      const role = (await get(t, `/api/admin/users?q=${encodeURIComponent(engineer.user.email)}`, admin.headers)).json()
        .users[0].role;
      expect(view.engineer !== null && role !== 'engineer').toBe(false);
    }
  });
});
