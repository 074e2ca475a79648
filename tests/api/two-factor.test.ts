import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, expectError, expectPublicUser, type Session, signUp } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { SUSPENDED } from '../../src/server/modules/auth/sessions.js';
import { CHALLENGE_ENDED, WRONG_CODE } from '../../src/server/modules/auth/two-factor.js';

/**
 * DECISIONS.md §7.6: staff may turn on two-factor sign-in (TOTP); the password alone then answers a
 * challenge, which a code (single-use) or a recovery code (single-use) turns into a session within 5
 * minutes; wrong codes count toward the account's login throttle; admins can turn it off.
 */
let t: TestApp;
let root: Session;
const PASSWORD = 'correct-horse-42';

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'root2fa@example.com', ADMIN_PASSWORD: 'root-password-1' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root2fa@example.com', password: 'root-password-1' },
  });
  const body = res.json() as Session;
  root = { ...body, headers: bearer(body.token) };
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The code the app shows `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Keeps a test clear of a time-step boundary, so "now" and "the next step" mean what they say. */
async function awayFromStepEdge() {
  const into = (Date.now() / 1000) % 30;
  if (into > 25) await new Promise((r) => setTimeout(r, (31 - into) * 1000));
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const login = (email: string, password = PASSWORD) => post('/api/login', { email, password });

/** A staff account with two-factor sign-in on: its secret and recovery codes. */
async function withTwoFactor(role: 'engineer' | 'admin' = 'engineer') {
  const session = await signUp(t, { password: PASSWORD }, role);
  const setup = await post('/api/2fa/setup', {}, session.headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await post('/api/2fa/enable', { code: await codeFor(secret) }, session.headers);
  expect(enable.statusCode).toBe(200);
  const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
  return { ...session, secret, recoveryCodes };
}

async function challengeFor(email: string, password = PASSWORD): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { twoFactorRequired: boolean; challenge: string };
  expect(Object.keys(body).sort()).toEqual(['challenge', 'twoFactorRequired']);
  expect(body.twoFactorRequired).toBe(true);
  return body.challenge;
}

describe('setting up two-factor sign-in', () => {
  it('a customer is refused (403); an engineer gets a secret, its otpauth address and a QR code', async () => {
    const customer = await signUp(t);
    expectError(await post('/api/2fa/setup', {}, customer.headers), 403);
    expectError(await post('/api/2fa/enable', { code: '123456' }, customer.headers), 403);
    expectError(await post('/api/2fa/setup', {}), 401);

    const engineer = await signUp(t, { password: PASSWORD }, 'engineer');
    const res = await post('/api/2fa/setup', {}, engineer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const body = res.json() as { secret: string; otpauthUrl: string; qrDataUrl: string };
    expect(Object.keys(body).sort()).toEqual(['otpauthUrl', 'qrDataUrl', 'secret']);
    expect(body.secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.otpauthUrl).toContain('issuer=RemoteFix');
    expect(body.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    // Not on until confirmed: the password still signs in, and the status says off.
    const plain = await login(engineer.user.email);
    expect(plain.statusCode).toBe(200);
    expect(typeof plain.json().token).toBe('string');
    const status = await t.app.inject({ method: 'GET', url: '/api/2fa', headers: engineer.headers });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('enable needs a valid code, answers 10 recovery codes once, and then refuses a second set-up', async () => {
    await awayFromStepEdge();
    const engineer = await signUp(t, { password: PASSWORD }, 'engineer');
    expectError(await post('/api/2fa/enable', { code: '123456' }, engineer.headers), 409);
    const { secret } = (await post('/api/2fa/setup', {}, engineer.headers)).json() as { secret: string };
    const wrong = (Number(await codeFor(secret)) + 1) % 1_000_000;
    expectError(await post('/api/2fa/enable', { code: String(wrong).padStart(6, '0') }, engineer.headers), 400);
    expectError(await post('/api/2fa/enable', { code: 'abc' }, engineer.headers), 400);

    const res = await post('/api/2fa/enable', { code: await codeFor(secret) }, engineer.headers);
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const status = await t.app.inject({ method: 'GET', url: '/api/2fa', headers: engineer.headers });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expectError(await post('/api/2fa/setup', {}, engineer.headers), 409);
    expectError(await post('/api/2fa/enable', { code: await codeFor(secret, 1) }, engineer.headers), 409);
  });

  it('a set-up racing with the enable of the one before: never a new secret that is not kept', async () => {
    await awayFromStepEdge();
    for (let round = 0; round < 15; round++) {
      const engineer = await signUp(t, { password: PASSWORD }, 'engineer');
      const { secret } = (await post('/api/2fa/setup', {}, engineer.headers)).json() as { secret: string };
      const [setup, enable] = await Promise.all([
        post('/api/2fa/setup', {}, engineer.headers),
        post('/api/2fa/enable', { code: await codeFor(secret) }, engineer.headers),
      ]);
      // One of the two wins (the enable's code no longer fits a secret replaced first: 400 or 409); a
      // set-up answered beside an enable that went through would show a QR code that never works.
      const statuses = [setup.statusCode, enable.statusCode];
      expect(
        statuses.filter((status) => status === 200),
        enable.body,
      ).toHaveLength(1);
      expect(
        statuses.every((status) => [200, 400, 409].includes(status)),
        enable.body,
      ).toBe(true);
    }
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('the password answers a challenge and no token; the challenge and a code answer the session', async () => {
    await awayFromStepEdge();
    const engineer = await withTwoFactor();
    const res = await login(engineer.user.email);
    expect(res.body).not.toContain('"token"');
    const challenge = await challengeFor(engineer.user.email);
    // A challenge is no session.
    expectError(await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(challenge) }), 401);
    // A wrong password still reads as before.
    expectError(await login(engineer.user.email, 'wrong-password-9'), 401, 'Invalid credentials');

    expectError(await post('/api/login/2fa', { challenge, code: '000000' }), 401);
    const ok = await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret, 1) });
    expect(ok.statusCode).toBe(200);
    const { user, token } = ok.json() as { user: unknown; token: string };
    expectPublicUser(user);
    expect((user as { id: string }).id).toBe(engineer.user.id);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('a code is single-use: the same code again (or an earlier one) is refused', async () => {
    await awayFromStepEdge();
    const engineer = await withTwoFactor();
    const code = await codeFor(engineer.secret, 1);
    const first = await post('/api/login/2fa', { challenge: await challengeFor(engineer.user.email), code });
    expect(first.statusCode).toBe(200);
    const challenge = await challengeFor(engineer.user.email);
    expectError(await post('/api/login/2fa', { challenge, code }), 401);
    // The code of the step enable used, and the one before it, are older than the last one used.
    expectError(await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret) }), 401);
    expectError(await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret, -1) }), 401);
  });

  // A black-box audit: one challenge, sent three times each with another unused recovery code, gave
  // three sessions. The proof that the password step happened is now used up like the code.
  it('a suspended account is told so at the password, and a challenge from before no longer signs in', async () => {
    await awayFromStepEdge();
    const engineer = await withTwoFactor();
    const challenge = await challengeFor(engineer.user.email);
    const path = `/api/admin/users/${engineer.user.id}/suspension`;
    expect((await t.app.inject({ method: 'PUT', url: path, headers: root.headers })).statusCode).toBe(200);
    expectError(await login(engineer.user.email), 403, SUSPENDED);
    expectError(
      await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret) }),
      401,
      CHALLENGE_ENDED,
    );
    expect((await t.app.inject({ method: 'DELETE', url: path, headers: root.headers })).statusCode).toBe(200);
    expect((await challengeFor(engineer.user.email)).length).toBeGreaterThan(0);
  });

  it('a challenge signs in once: again with another valid code it is refused, and that code stays unused', async () => {
    const engineer = await withTwoFactor();
    const [first, second] = engineer.recoveryCodes as [string, string];
    const challenge = await challengeFor(engineer.user.email);
    expectError(await post('/api/login/2fa', { challenge, code: 'AAAAA-AAAAA' }), 401, WRONG_CODE);
    expect((await post('/api/login/2fa', { challenge, code: first })).statusCode).toBe(200);
    expectError(await post('/api/login/2fa', { challenge, code: second }), 401, CHALLENGE_ENDED);
    // The second code was not spent on the refused try.
    const fresh = await post('/api/login/2fa', { challenge: await challengeFor(engineer.user.email), code: second });
    expect(fresh.statusCode).toBe(200);
  });

  it('one challenge racing with two valid codes: one session, and the other code unused', async () => {
    const engineer = await withTwoFactor();
    const [first, second, third] = engineer.recoveryCodes as [string, string, string];
    const challenge = await challengeFor(engineer.user.email);
    const answers = await Promise.all(
      [first, second, third].map((code) => post('/api/login/2fa', { challenge, code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    const status = await t.app.inject({ method: 'GET', url: '/api/2fa', headers: engineer.headers });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('two requests racing with one code: one session only', async () => {
    await awayFromStepEdge();
    const engineer = await withTwoFactor();
    const code = await codeFor(engineer.secret, 1);
    const [a, b] = await Promise.all([
      challengeFor(engineer.user.email).then((challenge) => post('/api/login/2fa', { challenge, code })),
      challengeFor(engineer.user.email).then((challenge) => post('/api/login/2fa', { challenge, code })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
  });

  it('a recovery code signs in once, whatever its case and dashes; then it is used up', async () => {
    const engineer = await withTwoFactor();
    const [first, second] = engineer.recoveryCodes as [string, string];
    const ok = await post('/api/login/2fa', { challenge: await challengeFor(engineer.user.email), code: first });
    expect(ok.statusCode).toBe(200);
    expectError(await post('/api/login/2fa', { challenge: await challengeFor(engineer.user.email), code: first }), 401);

    const typed = ` ${second.replace('-', '').toUpperCase()} `;
    const again = await post('/api/login/2fa', { challenge: await challengeFor(engineer.user.email), code: typed });
    expect(again.statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/2fa', headers: engineer.headers });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });

    // Another account's recovery code is no code of this one.
    const other = await withTwoFactor();
    expectError(
      await post('/api/login/2fa', {
        challenge: await challengeFor(engineer.user.email),
        code: other.recoveryCodes[0]!,
      }),
      401,
    );
  });

  it('the challenge expires after 5 minutes, and a forged or other token is no challenge', async () => {
    await awayFromStepEdge();
    const engineer = await withTwoFactor();
    const challenge = await challengeFor(engineer.user.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 2_000 });
    expectError(await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret, 1) }), 401, /expired/i);
    vi.useRealTimers();

    // A session token, a tampered challenge and nonsense are all refused the same way.
    expectError(
      await post('/api/login/2fa', { challenge: engineer.token, code: await codeFor(engineer.secret, 1) }),
      401,
    );
    const [head, payload, sig] = challenge.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = root.user.id;
    const tampered = `${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
    expectError(await post('/api/login/2fa', { challenge: tampered, code: '123456' }), 401);
    expectError(await post('/api/login/2fa', { challenge: 'x', code: '123456' }), 401);
    expectError(await post('/api/login/2fa', { challenge, code: '' }), 400);
    expectError(await post('/api/login/2fa', {}), 400);

    // Still valid inside the 5 minutes.
    const ok = await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret, 1) });
    expect(ok.statusCode).toBe(200);
  });

  it('wrong codes count toward the account lock: after 10, even the right code is 429', async () => {
    await awayFromStepEdge();
    const engineer = await withTwoFactor();
    const challenge = await challengeFor(engineer.user.email);
    for (let i = 0; i < 10; i++) expectError(await post('/api/login/2fa', { challenge, code: '000000' }), 401);
    const locked = await post('/api/login/2fa', { challenge, code: await codeFor(engineer.secret, 1) });
    expectError(locked, 429, /too many failed sign-ins/i);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(60);
    expectError(await login(engineer.user.email), 429);
  });
});

describe('turning two-factor sign-in off', () => {
  it('its owner, with a code: a wrong one is 400; afterwards the password alone signs in', async () => {
    const engineer = await withTwoFactor();
    expectError(await post('/api/2fa/disable', { code: '000000' }, engineer.headers), 400);
    const res = await post('/api/2fa/disable', { code: engineer.recoveryCodes[0]! }, engineer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expectError(await post('/api/2fa/disable', { code: engineer.recoveryCodes[1]! }, engineer.headers), 409);
    const plain = await login(engineer.user.email);
    expect(typeof plain.json().token).toBe('string');
    // And it can be set up again, with a new secret.
    const again = await post('/api/2fa/setup', {}, engineer.headers);
    expect((again.json() as { secret: string }).secret).not.toBe(engineer.secret);
  });

  it('an admin, for a locked-out engineer: logged in the list, ends the sessions and pending challenges', async () => {
    const admin = await signUp(t, {}, 'admin');
    const engineer = await withTwoFactor();
    const challenge = await challengeFor(engineer.user.email);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: admin.headers });
    const listed = (list.json() as { users: { id: string; twoFactorEnabled: boolean }[] }).users;
    expect(listed.find((u) => u.id === engineer.user.id)?.twoFactorEnabled).toBe(true);
    expect(listed.find((u) => u.id === admin.user.id)?.twoFactorEnabled).toBe(false);

    const url = `/api/admin/users/${engineer.user.id}/2fa`;
    expectError(await t.app.inject({ method: 'DELETE', url, headers: engineer.headers }), 403);
    const res = await t.app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { user } = res.json() as { user: { id: string; twoFactorEnabled: boolean } };
    expect(user).toMatchObject({ id: engineer.user.id, twoFactorEnabled: false });

    // The engineer's sessions and the challenge made before have ended; the password signs in again.
    expectError(await t.app.inject({ method: 'GET', url: '/api/me', headers: engineer.headers }), 401);
    expectError(await post('/api/login/2fa', { challenge, code: engineer.recoveryCodes[0]! }), 401);
    expect(typeof (await login(engineer.user.email)).json().token).toBe('string');
    expectError(await t.app.inject({ method: 'DELETE', url, headers: admin.headers }), 409);
  });

  it("an admin may not turn off a superadmin's; a superadmin may; unknown ids are 404", async () => {
    const admin = await signUp(t, {}, 'admin');
    await awayFromStepEdge();
    const setup = await post('/api/2fa/setup', {}, root.headers);
    const { secret } = setup.json() as { secret: string };
    expect((await post('/api/2fa/enable', { code: await codeFor(secret) }, root.headers)).statusCode).toBe(200);

    const url = `/api/admin/users/${root.user.id}/2fa`;
    expectError(await t.app.inject({ method: 'DELETE', url, headers: admin.headers }), 403);
    expect((await challengeFor(root.user.email, 'root-password-1')).length).toBeGreaterThan(0);
    const missing = `/api/admin/users/00000000-0000-4000-8000-000000000000/2fa`;
    expectError(await t.app.inject({ method: 'DELETE', url: missing, headers: admin.headers }), 404);
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/api/admin/users/nope/2fa', headers: admin.headers }),
      400,
    );

    // An admin's, by another admin, is allowed.
    const otherAdmin = await withTwoFactor('admin');
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${otherAdmin.user.id}/2fa`,
      headers: admin.headers,
    });
    expect(ok.statusCode).toBe(200);

    const byRoot = await t.app.inject({ method: 'DELETE', url, headers: root.headers });
    expect(byRoot.statusCode).toBe(200);
    // Their own, too: and that ends their own sessions like anyone's.
    expectError(await t.app.inject({ method: 'GET', url: '/api/me', headers: root.headers }), 401);
  });
});

describe('the secret stays a secret', () => {
  it('the database viewer shows no secret and no recovery code hash', async () => {
    const engineer = await withTwoFactor();
    const admin = await signUp(t, {}, 'admin');
    const models = await t.app.inject({ method: 'GET', url: '/api/prisma', headers: admin.headers });
    expect(models.body).not.toMatch(/totp|recovery/i);
    const users = await t.app.inject({ method: 'GET', url: '/api/prisma/User?limit=100', headers: admin.headers });
    expect(users.statusCode).toBe(200);
    expect(users.body).not.toContain(engineer.secret);
    const status = await t.app.inject({ method: 'GET', url: '/api/2fa', headers: engineer.headers });
    expect(status.body).not.toContain(engineer.secret);
  });
});
