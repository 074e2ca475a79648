import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, signUp, uniqueEmail } from '../support/api.js';
import { expectSecurityHeaders } from '../support/security-headers.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The per-client budget is left high (createTestApp's default): only the per-account rule is under test.
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct-horse-42';
const WRONG = 'wrong-password-1';

let address = 0;
/** A login from a new client address each time: the per-client limit never applies, as in a spread-out attack. */
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    payload: { email, password },
  });

const fail = async (email: string, times: number) => {
  for (let i = 0; i < times; i++) expectError(await login(email, WRONG), 401, 'Invalid credentials');
};

/** The account's lock: 429 `{ error }` saying why, a Retry-After of at least `minSeconds`, the security headers. */
function expectAccountLocked(res: LightMyRequestResponse, minSeconds = 1) {
  expectError(res, 429, /too many failed sign-ins.*try again/i);
  const retryAfter = Number(res.headers['retry-after']);
  expect(
    Number.isInteger(retryAfter) && retryAfter >= minSeconds && retryAfter <= 15 * 60,
    `Retry-After ${String(res.headers['retry-after'])}`,
  ).toBe(true);
  expectSecurityHeaders(res);
}

/**
 * DECISIONS.md §7.6: after 10 failed logins for one email within 15 minutes, further logins for that
 * email answer 429 with Retry-After (at least a minute), whatever address they come from, the right
 * password included; other accounts are not affected.
 */
describe('per-account login throttle', () => {
  it('10 failures from 10 addresses lock the email: the 11th login is 429 even with the right password', async () => {
    const { user } = await signUp(t, { password: PASSWORD });
    await fail(user.email, 10);
    const locked = await login(user.email, PASSWORD);
    expectAccountLocked(locked, 60);
    // A wrong password is refused the same way: the answer says nothing about the password.
    expectAccountLocked(await login(user.email, WRONG), 60);
    // The email in another case or with spaces is the same account.
    expectAccountLocked(await login(`  ${user.email.toUpperCase()} `, PASSWORD));
  });

  it('nine failures do not lock: the right password still gets in', async () => {
    const { user } = await signUp(t, { password: PASSWORD });
    await fail(user.email, 9);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('does not affect other accounts', async () => {
    const victim = await signUp(t, { password: PASSWORD });
    const other = await signUp(t, { password: PASSWORD });
    await fail(victim.user.email, 10);
    expectAccountLocked(await login(victim.user.email, PASSWORD));
    expect((await login(other.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('a successful login in between gives an attacker no fresh guesses', async () => {
    const victim = await signUp(t, { password: PASSWORD });
    await fail(victim.user.email, 9);
    // The owner signs in (and so does the attacker, to an account of their own).
    expect((await login(victim.user.email, PASSWORD)).statusCode).toBe(200);
    const attacker = await signUp(t, { password: PASSWORD });
    expect((await login(attacker.user.email, PASSWORD)).statusCode).toBe(200);
    // The 10th failure within the window is the last guess.
    await fail(victim.user.email, 1);
    expectAccountLocked(await login(victim.user.email, PASSWORD));
  });

  it('throttles an email without an account the same way (the answer does not tell whether it exists)', async () => {
    const email = uniqueEmail('ghost');
    await fail(email, 10);
    expectAccountLocked(await login(email, PASSWORD), 60);
  });

  it('guesses sent all at once get no more than 10 answers', async () => {
    const { user } = await signUp(t, { password: PASSWORD });
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(user.email, WRONG)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expectAccountLocked(await login(user.email, PASSWORD));
  });

  it('the lock lasts at least a minute even when the 10th failure ends the 15-minute window', async () => {
    const { user } = await signUp(t, { password: PASSWORD });
    await fail(user.email, 9);
    // The first failure was 14 minutes 55 seconds ago: the window has 5 seconds left.
    await t.database.db.execute(
      sql`update rate_limits set reset_at = now() + interval '5 seconds' where key like ${`%${user.email}`}`,
    );
    await fail(user.email, 1);
    expectAccountLocked(await login(user.email, PASSWORD), 60);
  });

  it('ends when its window has passed: the right password gets in again', async () => {
    const { user } = await signUp(t, { password: PASSWORD });
    await fail(user.email, 10);
    expectAccountLocked(await login(user.email, PASSWORD));
    await t.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key like ${`%${user.email}`}`,
    );
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });
});

// A session taken from a shared computer could try current passwords at PATCH /api/password far faster
// than at the login (its own per-minute budget, uncounted by the account's): found by an attack audit.
describe('the current password asked to change it', () => {
  const change = (headers: Record<string, string>, currentPassword: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers,
      payload: { currentPassword, newPassword: 'violet-canyon-lamp-93' },
    });

  it('counts each wrong one as a failed sign-in: the 11th try is 429, the right one included', async () => {
    const { user, headers } = await signUp(t, { password: PASSWORD });
    for (let i = 0; i < 10; i++) expectError(await change(headers, WRONG), 400, 'Current password is incorrect');
    expectAccountLocked(await change(headers, PASSWORD));
    expectAccountLocked(await login(user.email, PASSWORD));
  });

  it('a right one takes its own count back: the owner changing it spends none of the budget', async () => {
    const { user, headers } = await signUp(t, { password: PASSWORD });
    await fail(user.email, 9);
    expect((await change(headers, PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, 'violet-canyon-lamp-93')).statusCode).toBe(200);
  });
});
