import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENDED } from '../../src/server/modules/auth/sessions.js';
import type { AdminUser } from '../../src/shared/contracts/two-factor.js';
import { BOOT_SUPERADMIN, createTestAppWithAdmins, expectError, logIn, type Session, signUp } from '../support/api.js';
import { assignViaApi, bookAndPay, del, type Draft, get, patch, post, serviceDraft } from '../support/booking.js';
import { said } from '../support/conversation.js';
import type { TestApp } from '../support/test-app.js';

// An admin suspends an account (PUT /api/admin/users/{id}/suspension) and lifts the suspension
// (DELETE): a customer who abuses the service, staff who have left. A suspended account is signed out
// everywhere and signs in by no path; its tickets stay.

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

const suspend = (userId: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/suspension`, headers });
const reinstate = (userId: string, headers: Record<string, string> = admin.headers) =>
  del(t, `/api/admin/users/${userId}/suspension`, headers);
const login = (email: string, password = PASSWORD) => post(t, '/api/login', { email, password });

async function listed(s: Session): Promise<AdminUser | undefined> {
  const res = await get(t, `/api/admin/users?q=${encodeURIComponent(s.user.email)}`, admin.headers);
  return (res.json() as { users: AdminUser[] }).users.find((u) => u.id === s.user.id);
}

describe('PUT /api/admin/users/{id}/suspension', () => {
  it('signs the account out everywhere; it signs in again only once reinstated, its tickets kept', async () => {
    const customer = await signUp(t, { password: PASSWORD });
    const { ticket } = await bookAndPay(t, customer, draft);
    const otherSession = await logIn(t, customer.user.email, PASSWORD);

    const res = await suspend(customer.user.id);
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json() as { user: AdminUser };
    expect(user).toMatchObject({ id: customer.user.id, role: 'user', twoFactorEnabled: false });
    expect(Date.parse(user.suspendedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(user).not.toHaveProperty('passwordHash');
    expect(await listed(customer)).toEqual(user);

    // Every session ends; the right password is told why, a wrong one learns nothing.
    expectError(await get(t, '/api/me', customer.headers), 401);
    expectError(await get(t, '/api/tickets', otherSession), 401);
    expectError(await login(customer.user.email), 403, SUSPENDED);
    expectError(await login(customer.user.email, 'wrong-password-1'), 401, 'Invalid credentials');
    // Nor does a new account take its address.
    expectError(
      await post(t, '/api/signup', {
        name: 'Again',
        phone: '9876543210',
        email: customer.user.email,
        password: PASSWORD,
      }),
      409,
    );
    // Its ticket is still there for staff.
    expect((await get(t, `/api/tickets/${ticket.id}`, admin.headers)).statusCode).toBe(200);

    const back = await reinstate(customer.user.id);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as { user: AdminUser }).user.suspendedAt).toBeNull();
    // The sessions it had stay ended; a new sign-in finds the ticket.
    expectError(await get(t, '/api/me', customer.headers), 401);
    const again = await logIn(t, customer.user.email, PASSWORD);
    const tickets = await get(t, '/api/tickets', again);
    expect(tickets.json().tickets.map((x: { id: string }) => x.id)).toEqual([ticket.id]);
  });

  it('a suspended engineer is neither offered nor assigned; an engineer with open tickets is not suspended', async () => {
    const engineer = await signUp(t, { name: 'Suspended Engineer Zed', password: PASSWORD }, 'engineer');
    const { ticket } = await bookAndPay(t, await signUp(t), draft);
    await assignViaApi(t, admin, ticket.id, engineer);

    expectError(
      await suspend(engineer.user.id),
      409,
      `Suspended Engineer Zed has 1 ticket not yet completed (${ticket.number}): reassign or unassign it first`,
    );
    expect((await get(t, '/api/engineer/assigned-tickets', engineer.headers)).statusCode).toBe(200);
    expect((await del(t, `/api/admin/tickets/${ticket.id}/assign`, admin.headers)).statusCode).toBe(200);

    expect((await suspend(engineer.user.id)).statusCode).toBe(200);
    const offered = await get(t, '/api/admin/engineers?q=Suspended%20Engineer%20Zed', admin.headers);
    expect(offered.json().engineers).toEqual([]);
    expectError(
      await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers),
      409,
      'Suspended Engineer Zed’s account is suspended: reinstate it first',
    );

    expect((await reinstate(engineer.user.id)).statusCode).toBe(200);
    const back = await get(t, '/api/admin/engineers?q=Suspended%20Engineer%20Zed', admin.headers);
    expect(back.json().engineers.map((e: { id: string }) => e.id)).toEqual([engineer.user.id]);
  });

  it('an admin may suspend another admin, who loses the dashboard at once', async () => {
    const other = await signUp(t, { password: PASSWORD }, 'admin');
    expect((await suspend(other.user.id)).statusCode).toBe(200);
    expectError(await get(t, '/api/admin/users', other.headers), 401);
    expectError(await suspend(admin.user.id, other.headers), 401);
    expect((await reinstate(other.user.id, superadmin)).statusCode).toBe(200);
  });

  it('emails the account that it is suspended, and again once reinstated; a repeat sends nothing', async () => {
    const customer = await signUp(t, { password: PASSWORD });
    const sentTo = async () => {
      const res = await get(t, `/api/admin/emails?q=${encodeURIComponent(customer.user.email)}`, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { emails: { to: string; subject: string }[] }).emails
        .filter((e) => e.to === customer.user.email)
        .map((e) => e.subject);
    };
    expect((await suspend(customer.user.id)).statusCode).toBe(200);
    expect((await suspend(customer.user.id)).statusCode).toBe(200);
    expect(await sentTo()).toEqual(['Your RemoteFix account is suspended']);
    expect((await reinstate(customer.user.id)).statusCode).toBe(200);
    expect((await reinstate(customer.user.id)).statusCode).toBe(200);
    expect(await sentTo()).toEqual(['Your RemoteFix account is active again', 'Your RemoteFix account is suspended']);
    // A refused suspension sends nothing.
    const engineer = await signUp(t, {}, 'engineer');
    const { ticket } = await bookAndPay(t, await signUp(t), draft);
    await assignViaApi(t, admin, ticket.id, engineer);
    expectError(await suspend(engineer.user.id), 409);
    const engineerMail = await get(t, `/api/admin/emails?q=${encodeURIComponent(engineer.user.email)}`, admin.headers);
    expect(
      (engineerMail.json() as { emails: { subject: string }[] }).emails.filter((e) => /suspended/.test(e.subject)),
    ).toEqual([]);
  });

  it('while suspended, its tickets’ updates and messages are not emailed to it; the engineer’s still are', async () => {
    const customer = await signUp(t, { password: PASSWORD });
    const engineer = await signUp(t, {}, 'engineer');
    const { ticket } = await bookAndPay(t, customer, draft);
    const subjectsTo = async (s: Session) => {
      const res = await get(t, `/api/admin/emails?q=${encodeURIComponent(s.user.email)}`, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { emails: { to: string; subject: string }[] }).emails
        .filter((e) => e.to === s.user.email)
        .map((e) => e.subject);
    };
    const before = await subjectsTo(customer);
    expect(before.some((subject) => subject.startsWith('Booking confirmed'))).toBe(true);

    expect((await suspend(customer.user.id)).statusCode).toBe(200);
    await assignViaApi(t, admin, ticket.id, engineer);
    await said(t, engineer, ticket.id, { body: 'I will look at it today.' });
    // Only the suspension's own email is new: every update links to pages it cannot sign in to.
    expect(await subjectsTo(customer)).toEqual(['Your RemoteFix account is suspended', ...before]);
    expect((await subjectsTo(engineer)).some((subject) => subject.startsWith('New ticket for you'))).toBe(true);

    expect((await reinstate(customer.user.id)).statusCode).toBe(200);
    expect(
      (await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers)).statusCode,
    ).toBe(200);
    const after = await subjectsTo(customer);
    expect(after[0]).toMatch(/₹299/);
    expect(after[1]).toBe('Your RemoteFix account is active again');
    // The message it missed while suspended did not use up its one message email in ten minutes.
    await said(t, engineer, ticket.id, { body: 'Are you at the computer now?' });
    expect((await subjectsTo(customer))[0]).toBe(`New message on ${ticket.number}`);
  });

  it('twice changes nothing more; reinstating an account that is not suspended changes nothing', async () => {
    const customer = await signUp(t, { password: PASSWORD });
    const first = (await suspend(customer.user.id)).json() as { user: AdminUser };
    const second = await suspend(customer.user.id);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { user: AdminUser }).user.suspendedAt).toBe(first.user.suspendedAt);

    const active = await signUp(t);
    const res = await reinstate(active.user.id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: AdminUser }).user.suspendedAt).toBeNull();
    // Its session holds: nothing changed.
    expect((await get(t, '/api/me', active.headers)).statusCode).toBe(200);
  });

  it('refuses one’s own account, a superadmin, what is not there and a malformed id', async () => {
    expectError(await suspend(admin.user.id), 403, 'You cannot suspend your own account');
    const me = (await get(t, '/api/me', superadmin)).json().user as { id: string };
    expectError(await suspend(me.id), 403, 'A superadmin cannot be suspended');
    expectError(await suspend(me.id, superadmin), 403);
    expect((await login(BOOT_SUPERADMIN.email, BOOT_SUPERADMIN.password)).statusCode).toBe(200);
    expectError(await suspend('00000000-0000-4000-8000-000000000000'), 404);
    expectError(await reinstate('00000000-0000-4000-8000-000000000000'), 404);
    expectError(await suspend('not-an-id'), 400);
    expect((await get(t, '/api/me', admin.headers)).statusCode).toBe(200);
  });

  it('customers and engineers may neither suspend nor reinstate anyone, themselves included', async () => {
    const customer = await signUp(t);
    const engineer = await signUp(t, {}, 'engineer');
    const suspended = await signUp(t);
    expect((await suspend(suspended.user.id)).statusCode).toBe(200);
    for (const caller of [customer, engineer]) {
      expectError(await suspend(customer.user.id, caller.headers), 403);
      expectError(await suspend(caller.user.id, caller.headers), 403);
      expectError(await reinstate(suspended.user.id, caller.headers), 403);
    }
    expectError(await suspend(customer.user.id, {}), 401);
    expect((await listed(suspended))?.suspendedAt).not.toBeNull();
    expect((await get(t, '/api/tickets', customer.headers)).statusCode).toBe(200);
  });

  it('an assignment racing the suspension never leaves a suspended engineer with an open ticket', async () => {
    for (let round = 0; round < 10; round++) {
      const engineer = await signUp(t, {}, 'engineer');
      const { ticket } = await bookAndPay(t, await signUp(t), draft);
      const [assigned, suspended] = await Promise.all([
        patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers),
        suspend(engineer.user.id),
      ]);
      // One of the two wins; never both.
      expect([assigned.statusCode, suspended.statusCode].sort()).toEqual([200, 409]);
      const view = (await get(t, `/api/tickets/${ticket.id}`, admin.headers)).json().ticket;
      const state = await listed(engineer);
      expect(view.engineer !== null && state?.suspendedAt !== null).toBe(false);
    }
  });
});
