import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../src/server/db/schema/index.js';
import { SUSPENDED } from '../../src/server/modules/auth/sessions.js';
import type { AuthResponse } from '../../src/shared/contracts/auth.js';
import { PASSWORD_REFUSALS } from '../../src/shared/password-refusals.js';
import { bearer, expectError, expectPublicUser, type Session, signUp, uniqueEmail } from '../support/api.js';
import { get, patch, post } from '../support/booking.js';
import { linksIn, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// DECISIONS.md §7.3, passwords: "Forgot password?" answers alike for every address; the emailed link
// sets a new password once, within 30 minutes, signs in and ends every other session; PATCH
// /api/password needs the current password (400, never 401, when wrong).

const PUBLIC_URL = 'https://remotefix.example';
const NEW_PASSWORD = 'violet-harbour-lantern-93';

let inbox: SmtpInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const forgot = (email: string) => post(t, '/api/password/forgot', { email });
const reset = (token: string, password = NEW_PASSWORD) => post(t, '/api/password/reset', { token, password });
const login = (email: string, password: string) => post(t, '/api/login', { email, password });

/** Asks for a reset and answers the token of the link that arrives. */
async function resetToken(s: Session): Promise<string> {
  const before = inbox.to(s.user.email).length;
  expect((await forgot(s.user.email)).statusCode).toBe(202);
  await inbox.waitFor(() => inbox.to(s.user.email).length > before);
  const mail = inbox.to(s.user.email).at(-1)!;
  const [link] = linksIn(mail, `${PUBLIC_URL}/reset-password?token=`);
  expect(link).toBeDefined();
  expect(mail.html).toContain(`href="${link}"`);
  return new URL(link!).searchParams.get('token') ?? '';
}

/** Every reset link of the account, expired a second ago. */
const expireLinksOf = (s: Session) =>
  t.database.db
    .update(passwordResets)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(passwordResets.userId, s.user.id));

describe('POST /api/password/forgot', () => {
  it('answers 202 { ok: true } alike for an account and for no account, and emails only the account', async () => {
    const s = await signUp(t);
    const nobody = uniqueEmail('nobody');
    const started = performance.now();
    const known = await forgot(` ${s.user.email.toUpperCase()} `);
    const knownMs = performance.now() - started;
    const unknownStarted = performance.now();
    const unknown = await forgot(nobody);
    const unknownMs = performance.now() - unknownStarted;
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
    }
    // Both take the answer's floor (0.4 s), so timing does not tell them apart.
    expect(knownMs).toBeGreaterThanOrEqual(390);
    expect(unknownMs).toBeGreaterThanOrEqual(390);
    const mail = await inbox.waitFor((m) => m.to.includes(s.user.email));
    expect(mail.subject).toBe('Reset your RemoteFix password');
    expect(mail.text).toContain('expires in 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inbox.to(nobody)).toEqual([]);
  });

  it('sends one account at most 3 links in 15 minutes, however many asks arrive at once', async () => {
    const s = await signUp(t);
    // A burst at once (an attacker's, to flood the inbox): on PostgreSQL they run side by side.
    const answers = await Promise.all(Array.from({ length: 12 }, () => forgot(s.user.email)));
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    const issued = await t.database.db.$count(passwordResets, eq(passwordResets.userId, s.user.id));
    expect(issued).toBe(3);
  });

  it('keeps only the token’s SHA-256, and refuses a malformed body with 400', async () => {
    const s = await signUp(t);
    const token = await resetToken(s);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, s.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expectError(await post(t, '/api/password/forgot', { email: 'not an email' }), 400);
    expectError(await post(t, '/api/password/forgot', {}), 400);
  });
});

describe('POST /api/password/reset', () => {
  it('the link works once: signed in, every other session ended, the new password logs in', async () => {
    const s = await signUp(t);
    const token = await resetToken(s);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AuthResponse;
    expectPublicUser(body.user);
    expect(body.user.id).toBe(s.user.id);
    expect((await get(t, '/api/me', bearer(body.token))).statusCode).toBe(200);
    // The session from before the reset has ended.
    expectError(await get(t, '/api/me', s.headers), 401);
    expect((await login(s.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await login(s.user.email, 'correct-horse-42'), 401);
    // Once only.
    expectError(await reset(token, 'another-fresh-passphrase-7'), 400, /invalid, used or expired/);
  });

  it('a link sent to an address the account no longer has stops working (its own change or an admin’s)', async () => {
    const s = await signUp(t);
    const own = await resetToken(s);
    const moved = uniqueEmail('moved');
    const profile = await patch(t, '/api/profile', { name: s.user.name, email: moved, phone: s.user.phone }, s.headers);
    expect(profile.statusCode, profile.body).toBe(200);
    expectError(await reset(own), 400, /invalid, used or expired/);
    // Name and phone alone leave a link alone.
    const moved2 = { ...s, user: { ...s.user, email: moved } };
    const kept = await resetToken(moved2);
    expect(
      (await patch(t, '/api/profile', { name: 'Renamed', email: moved, phone: s.user.phone }, s.headers)).statusCode,
    ).toBe(200);
    expect((await post(t, '/api/password/reset/check', { token: kept })).statusCode).toBe(200);

    // An admin corrects a mistyped address: the link the stranger at the old one got is dead.
    const admin = await signUp(t, {}, 'admin');
    const stranger = await resetToken(moved2);
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.user.id}/details`,
      headers: admin.headers,
      payload: { name: 'Renamed', email: uniqueEmail('corrected'), phone: s.user.phone },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expectError(await reset(stranger), 400, /invalid, used or expired/);
    expectError(await reset(kept), 400, /invalid, used or expired/);
    // The sessions go on: the password is the same.
    expect((await get(t, '/api/me', s.headers)).statusCode).toBe(200);
  });

  it('a changed email is told: by its owner, to the old address; by an admin, to the new one; neither names the other', async () => {
    const s = await signUp(t);
    const moved = uniqueEmail('owner-moved');
    const own = await patch(t, '/api/profile', { name: s.user.name, email: moved, phone: s.user.phone }, s.headers);
    expect(own.statusCode, own.body).toBe(200);
    const toOld = await inbox.waitFor(
      (m) => m.to.includes(s.user.email) && /email of your RemoteFix account/.test(m.subject),
    );
    expect(toOld.subject).toBe('The email of your RemoteFix account was changed');
    expect(toOld.text).toContain('If you did not, someone may be signed in to your account: take it back now.');
    expect(`${toOld.text}${toOld.html}`).not.toContain(moved);
    expect(inbox.to(moved).filter((m) => /email/.test(m.subject))).toEqual([]);

    const admin = await signUp(t, {}, 'admin');
    const corrected = uniqueEmail('admin-corrected');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.user.id}/details`,
      headers: admin.headers,
      payload: { name: s.user.name, email: corrected, phone: s.user.phone },
    });
    expect(res.statusCode, res.body).toBe(200);
    const toNew = await inbox.waitFor((m) => m.to.includes(corrected));
    expect(toNew.subject).toBe('Your RemoteFix sign-in email is now this address');
    expect(toNew.text).toContain(`Hi ${s.user.name},`);
    expect(`${toNew.text}${toNew.html}`).not.toContain(moved);
    // A name or a phone alone tells nobody.
    const before = inbox.received.length;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.user.id}/details`,
      headers: admin.headers,
      payload: { name: 'Only Renamed', email: corrected, phone: '9000000004' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const kept = await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: admin.headers });
    const kinds = (kept.json() as { emails: { to: string; subject: string }[] }).emails.filter(
      (e) => e.to === corrected,
    );
    expect(kinds).toHaveLength(1);
    expect(inbox.received.length).toBe(before);
  });

  it('an expired, unknown or superseded token: 400; a weak password is refused without using the link', async () => {
    const s = await signUp(t);
    const expired = await resetToken(s);
    await expireLinksOf(s);
    expectError(await reset(expired), 400, /invalid, used or expired/);
    expectError(await reset('x'.repeat(43)), 400, /invalid, used or expired/);
    expectError(await post(t, '/api/password/reset', { token: '', password: NEW_PASSWORD }), 400);

    const fresh = await resetToken(s);
    expectError(await reset(fresh, 'password123'), 400, PASSWORD_REFUSALS.tooCommon);
    expectError(await reset(fresh, 'short'), 400);
    // Still good after those refusals; a second link asked for meanwhile dies with the first reset.
    const second = await resetToken(s);
    expect((await reset(fresh)).statusCode).toBe(200);
    expectError(await reset(second, 'another-fresh-passphrase-7'), 400);
  });

  it('two resets racing with one token: exactly one succeeds', async () => {
    const s = await signUp(t);
    const token = await resetToken(s);
    const answers = await Promise.all([reset(token), reset(token, 'another-fresh-passphrase-7')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('a Google-only account (no password) sets its first password this way', async () => {
    const s = await signUp(t);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, s.user.id));
    const before = inbox.to(s.user.email).length;
    await forgot(s.user.email);
    await inbox.waitFor(() => inbox.to(s.user.email).length > before);
    const mail = inbox.to(s.user.email).at(-1)!;
    expect(mail.subject).toBe('Set your RemoteFix password');
    const token = new URL(linksIn(mail, `${PUBLIC_URL}/reset-password?token=`)[0]!).searchParams.get('token')!;
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login(s.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a suspended account (users/suspension.ts)', () => {
  it('is sent no link, and a link sent before the suspension no longer works', async () => {
    const s = await signUp(t);
    const before = await resetToken(s);
    const sent = inbox.to(s.user.email).length;
    const admin = await signUp(t, {}, 'admin');
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.user.id}/suspension`,
      headers: admin.headers,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expectError(await post(t, '/api/password/reset/check', { token: before }), 400, /invalid, used or expired/);
    expectError(await reset(before), 400, /invalid, used or expired/);

    expect((await forgot(s.user.email)).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inbox.to(s.user.email)).toHaveLength(sent);
  });

  it('a link of an account suspended by hand in the database is refused, and sets nothing', async () => {
    const s = await signUp(t);
    const token = await resetToken(s);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, s.user.id));
    expectError(await reset(token), 403, SUSPENDED);
    await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, s.user.id));
    expect((await login(s.user.email, 'correct-horse-42')).statusCode).toBe(200);
  });
});

describe('POST /api/password/reset/check', () => {
  const check = (token: unknown) => post(t, '/api/password/reset/check', { token });

  it('says a link works while it does, and uses nothing up', async () => {
    const s = await signUp(t);
    const token = await resetToken(s);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    // Asking changed nothing: the link still sets the password, and the old one still signs in until then.
    expect((await login(s.user.email, 'correct-horse-42')).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
    // Used: the check says so, in the reset's own words.
    expectError(await check(token), 400, /invalid, used or expired/);
  });

  it('an expired, unknown, superseded or malformed token: 400 { error }', async () => {
    const s = await signUp(t);
    const expired = await resetToken(s);
    await expireLinksOf(s);
    expectError(await check(expired), 400, /invalid, used or expired/);
    expectError(await check('x'.repeat(43)), 400, /invalid, used or expired/);
    expectError(await check(''), 400, /incomplete/);
    expectError(await check(42), 400);
    expectError(await post(t, '/api/password/reset/check', {}), 400);

    // A password changed another way voids the link (its session version has moved on).
    const fresh = await resetToken(s);
    expect((await check(fresh)).statusCode).toBe(200);
    const changed = await patch(
      t,
      '/api/password',
      { currentPassword: 'correct-horse-42', newPassword: 'another-fresh-passphrase-7' },
      s.headers,
    );
    expect(changed.statusCode).toBe(200);
    expectError(await check(fresh), 400, /invalid, used or expired/);
  });
});

describe('with two-factor sign-in on', () => {
  it('the reset sets the password but signs in only through the second factor, as a login does', async () => {
    const s = await signUp(t, {}, 'engineer');
    const setup = (await post(t, '/api/2fa/setup', {}, s.headers)).json() as { secret: string };
    const code = await generate({ secret: setup.secret });
    expect((await post(t, '/api/2fa/enable', { code }, s.headers)).statusCode).toBe(200);
    const token = await resetToken(s);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { twoFactorRequired?: boolean; challenge?: string; token?: string };
    expect(body.twoFactorRequired).toBe(true);
    expect(typeof body.challenge).toBe('string');
    expect(body.token).toBeUndefined();
    // The new password is set: a login with it asks for the code too.
    expect((await login(s.user.email, NEW_PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
  });
});

describe('PATCH /api/password', () => {
  const change = (s: { headers: Record<string, string> }, currentPassword: string, newPassword = NEW_PASSWORD) =>
    patch(t, '/api/password', { currentPassword, newPassword }, s.headers);

  it('with the current password: a new session, the others end', async () => {
    const s = await signUp(t);
    const other = (await login(s.user.email, 'correct-horse-42')).json() as AuthResponse;
    const res = await change(s, 'correct-horse-42');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AuthResponse;
    expectPublicUser(body.user);
    expect((await get(t, '/api/me', bearer(body.token))).statusCode).toBe(200);
    expectError(await get(t, '/api/me', s.headers), 401);
    expectError(await get(t, '/api/me', bearer(other.token)), 401);
    expect((await login(s.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('tells the account by email (always sent), so a change its owner did not make is noticed', async () => {
    const s = await signUp(t, { name: 'Kiran Rao' });
    expect(
      (await patch(t, '/api/profile/notifications', { ticketUpdates: false, messages: false }, s.headers)).statusCode,
    ).toBe(200);
    expect((await change(s, 'correct-horse-42')).statusCode).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(s.user.email) && /password was changed/.test(m.subject));
    expect(mail.subject).toBe('Your RemoteFix password was changed');
    expect(mail.text).toContain('Kiran Rao');
    expect(mail.text).toContain('Forgot password?');
    expect(mail.text).not.toContain(NEW_PASSWORD);
    expect(mail.header('list-unsubscribe')).toBe('');
    // A refused change sends nothing.
    const before = inbox.to(s.user.email).length;
    const again = (await login(s.user.email, NEW_PASSWORD)).json() as AuthResponse;
    expectError(await change({ headers: bearer(again.token) }, 'not-my-password'), 400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(s.user.email)).toHaveLength(before);
  });

  it('a wrong current password is 400 (the session is fine), and so are weak or unchanged new ones', async () => {
    const s = await signUp(t);
    expectError(await change(s, 'not-my-password'), 400, 'Current password is incorrect');
    expect((await get(t, '/api/me', s.headers)).statusCode).toBe(200);
    expectError(await change(s, 'correct-horse-42', 'qwertyuiop'), 400, PASSWORD_REFUSALS.tooCommon);
    expectError(await change(s, 'correct-horse-42', 'correct-horse-42'), 400, /different/);
    expectError(await change(s, '', NEW_PASSWORD), 400);
    expectError(await patch(t, '/api/password', { currentPassword: 'x', newPassword: NEW_PASSWORD }), 401);
  });

  it('an account with no password is sent to the reset email', async () => {
    const s = await signUp(t);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, s.user.id));
    expectError(await change(s, 'anything'), 400, /Forgot password/);
  });
});
