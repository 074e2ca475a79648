import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import { bearer, expectError, signUp, uniqueEmail } from '../support/api.js';
import { cookieOf, googleFlow } from '../support/google-flow.js';
import { GOOGLE_CLIENT, startIssuer } from '../support/oidc-issuer.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let issuer: Awaited<ReturnType<typeof startIssuer>>;
let t: TestApp;

beforeAll(async () => {
  issuer = await startIssuer();
  t = await createTestApp(issuer.env);
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

const { approvedCallback, finish } = googleFlow(
  () => t,
  () => issuer,
);

/** Whether the callback told the page that the account's password was removed (`&linked=1`). */
const passwordRemoved = (res: LightMyRequestResponse) =>
  new URL(String(res.headers.location), 'http://x').searchParams.get('linked') === '1';

const tokenFrom = (res: LightMyRequestResponse) => {
  const location = new URL(String(res.headers.location), 'http://x');
  expect(location.pathname).toBe('/auth/success');
  return location.searchParams.get('token') ?? '';
};

const expectFailure = (res: LightMyRequestResponse, reason: string) => {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/?authError=${reason}`);
};

describe('Google sign-in (OpenID Connect, code flow with PKCE, state and nonce)', () => {
  it('signs a new Google user in as a customer, and a second sign-in finds the same account', async () => {
    const email = uniqueEmail('google');
    // Google names the same account by the same subject every time.
    const sub = `gita-${email}`;
    issuer.nextClaims({ sub, email, email_verified: true, name: 'Gita Google' });
    const first = await finish(await approvedCallback());
    expect(passwordRemoved(first)).toBe(false);
    const token = tokenFrom(first);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json().user).toMatchObject({ email, name: 'Gita Google', role: 'user' });

    issuer.nextClaims({ sub, email, email_verified: true, name: 'Gita Google' });
    const again = await finish(await approvedCallback());
    const me2 = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokenFrom(again)) });
    expect(me2.json().user.id).toBe(me.json().user.id);
    expect(await t.database.db.$count(users, eq(users.email, email))).toBe(1);

    // The Google-only account has no password: password login is "Invalid credentials", not a crash.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'anything-at-all' },
    });
    expect(pw.statusCode).toBe(401);
    // …and everything else works for it, profile edit included.
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Gita G', email, phone: '+91 99999 11111' },
    });
    expect(profile.json().user).toMatchObject({ name: 'Gita G', phone: '+91 99999 11111' });
  });

  it('links the account that holds a verified email, and takes back what its maker could still use (pre-account hijacking)', async () => {
    // Someone signs up with an address that is not theirs (nothing checks a signup's email)…
    const victimEmail = uniqueEmail('victim');
    const squatter = await signUp(t, { email: victimEmail });
    // …and the address's owner later signs in with Google, which proves the address is theirs.
    issuer.nextClaims({ sub: 'owner-sub', email: victimEmail, email_verified: true, name: 'Owner' });
    const linked = await finish(await approvedCallback());
    // The page is told, so it can say that the password is gone.
    expect(passwordRemoved(linked)).toBe(true);
    const ownerToken = tokenFrom(linked);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ownerToken) });
    expect(me.json().user.id).toBe(squatter.user.id);

    // The maker's session and password no longer open the account.
    expectError(await t.app.inject({ method: 'GET', url: '/api/me', headers: squatter.headers }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/tickets', headers: squatter.headers }), 401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: victimEmail, password: 'correct-horse-42' },
    });
    expectError(login, 401, 'Invalid credentials');

    // A later Google sign-in finds the linked account and leaves the owner's earlier session alone.
    issuer.nextClaims({ sub: 'owner-sub', email: victimEmail, email_verified: true });
    const secondSignIn = await finish(await approvedCallback());
    expect(passwordRemoved(secondSignIn)).toBe(false);
    const again = tokenFrom(secondSignIn);
    for (const token of [ownerToken, again]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(squatter.user.id);
    }
  });

  it('an account already linked to one Google account, with another person’s address written in, goes to that person', async () => {
    // The attacker links their own Google account, then writes the victim's address into the profile.
    const attackerEmail = uniqueEmail('attacker');
    issuer.nextClaims({ sub: 'attacker-google-sub', email: attackerEmail, email_verified: true });
    const attacker = bearer(tokenFrom(await finish(await approvedCallback())));
    const victimEmail = uniqueEmail('victim');
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: attacker,
      payload: { name: 'Attacker', email: victimEmail, phone: '+91 90000 12345' },
    });
    expect(moved.statusCode).toBe(200);

    // The victim's Google account proves the address: the attacker's session ends…
    issuer.nextClaims({ sub: 'victim-google-sub', email: victimEmail, email_verified: true });
    const victim = bearer(tokenFrom(await finish(await approvedCallback())));
    expectError(await t.app.inject({ method: 'GET', url: '/api/me', headers: attacker }), 401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: victim })).json().user.email).toBe(
      victimEmail,
    );
    // …and the attacker's Google account no longer opens it (it gets an account of its own).
    issuer.nextClaims({ sub: 'attacker-google-sub', email: attackerEmail, email_verified: true });
    const again = bearer(tokenFrom(await finish(await approvedCallback())));
    const mine = (await t.app.inject({ method: 'GET', url: '/api/me', headers: again })).json().user;
    expect(mine.email).toBe(attackerEmail);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/me', headers: victim })).json().user;
    expect(mine.id).not.toBe(theirs.id);
  });

  it('the same holds for an address written into a profile', async () => {
    const victimEmail = uniqueEmail('victim');
    const squatter = await signUp(t, { email: uniqueEmail('squatter') });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: squatter.headers,
      payload: { name: 'Squatter', email: victimEmail, phone: squatter.user.phone },
    });
    expect(moved.statusCode).toBe(200);

    issuer.nextClaims({ sub: 'profile-owner-sub', email: victimEmail, email_verified: true });
    const ownerToken = tokenFrom(await finish(await approvedCallback()));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ownerToken) })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/api/me', headers: squatter.headers }), 401);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victimEmail, password: 'correct-horse-42' },
      }),
      401,
      'Invalid credentials',
    );
  });

  // Issue 26: a verified Google email took over the superadmin account and removed its password.
  // Linking by email is for customer accounts only; staff sign in with their password (§7.6).
  it.each(['engineer', 'admin', 'superadmin'] as const)(
    'never links a staff account (%s) by email: refused with staff_account, password and sessions intact',
    async (role) => {
      const staff = await signUp(t, { email: uniqueEmail(role) }, role);
      issuer.nextClaims({ sub: `taker-of-${staff.user.email}`, email: staff.user.email, email_verified: true });
      expectFailure(await finish(await approvedCallback()), 'staff_account');

      const [row] = await t.database.db.select().from(users).where(eq(users.id, staff.user.id));
      expect(row).toMatchObject({ role, googleSub: null });
      expect(row?.passwordHash).not.toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: staff.headers })).statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: staff.user.email, password: 'correct-horse-42' },
      });
      expect(login.statusCode).toBe(200);
      expect(await t.database.db.$count(users, eq(users.email, staff.user.email))).toBe(1);
    },
  );

  it('refuses a staff account even when a Google account is already linked to it (staff use their password)', async () => {
    const engineer = await signUp(t, { email: uniqueEmail('linked-engineer') }, 'engineer');
    await t.database.db.update(users).set({ googleSub: 'engineer-google-sub' }).where(eq(users.id, engineer.user.id));
    issuer.nextClaims({ sub: 'engineer-google-sub', email: engineer.user.email, email_verified: true });
    expectFailure(await finish(await approvedCallback()), 'staff_account');
  });

  it('refuses a suspended customer, linked or found by email, and links nothing', async () => {
    const linked = await signUp(t, { email: uniqueEmail('suspended-linked') });
    await t.database.db.update(users).set({ googleSub: 'suspended-sub' }).where(eq(users.id, linked.user.id));
    const byEmail = await signUp(t, { email: uniqueEmail('suspended-by-email') });
    const admin = await signUp(t, {}, 'admin');
    for (const s of [linked, byEmail]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${s.user.id}/suspension`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    issuer.nextClaims({ sub: 'suspended-sub', email: linked.user.email, email_verified: true });
    expectFailure(await finish(await approvedCallback()), 'suspended');
    issuer.nextClaims({ sub: 'another-sub', email: byEmail.user.email, email_verified: true });
    expectFailure(await finish(await approvedCallback()), 'suspended');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, byEmail.user.id));
    expect(row).toMatchObject({ googleSub: null });
    expect(row?.passwordHash).not.toBeNull();
  });

  it('never lets an unverified email take over an existing account (or open a new one)', async () => {
    const owner = await signUp(t, { email: uniqueEmail('victim') });
    issuer.nextClaims({ sub: 'attacker-sub', email: owner.user.email, email_verified: false });
    expectFailure(await finish(await approvedCallback()), 'unverified_email');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.googleSub).toBeNull();

    const stranger = uniqueEmail('unverified');
    issuer.nextClaims({ sub: 'stranger-sub', email: stranger, email_verified: false });
    expectFailure(await finish(await approvedCallback()), 'unverified_email');
    expect(await t.database.db.$count(users, eq(users.email, stranger))).toBe(0);
  });

  it('refuses a forged state', async () => {
    const cb = await approvedCallback();
    const forged = cb.path.replace(`state=${cb.state}`, 'state=forged-state');
    expectFailure(await t.app.inject({ method: 'GET', url: forged, headers: { cookie: cb.cookie } }), 'state');
  });

  it('refuses a callback without the browser cookie that started the flow', async () => {
    const cb = await approvedCallback();
    expectFailure(await t.app.inject({ method: 'GET', url: cb.path }), 'state');
  });

  it('refuses a replayed callback', async () => {
    issuer.nextClaims({ email: uniqueEmail('replay'), email_verified: true });
    const cb = await approvedCallback();
    expect((await finish(cb)).headers.location).toMatch(/^\/auth\/success\?token=/);
    expectFailure(await finish(cb), 'state');
  });

  it('refuses an ID token with the wrong nonce', async () => {
    issuer.nextClaims({ email: uniqueEmail('nonce'), email_verified: true, nonce: 'not-the-nonce-we-sent' });
    expectFailure(await finish(await approvedCallback()), 'token');
  });

  it('refuses an expired ID token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    issuer.nextClaims({ email: uniqueEmail('expired'), email_verified: true, iat: past - 60, exp: past });
    expectFailure(await finish(await approvedCallback()), 'token');
  });

  it('refuses an ID token for another audience', async () => {
    issuer.nextClaims({ email: uniqueEmail('aud'), email_verified: true, aud: 'some-other-client' });
    expectFailure(await finish(await approvedCallback()), 'token');
  });

  it('refuses an ID token signed with a key the issuer does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = (await issuer.server.issuer.keys.get())?.kid;
    const cb = await approvedCallback();
    // Everything right (issuer, audience, nonce, times, key id) except the key that signed it.
    const forged = await new SignJWT({ nonce: cb.nonce, email: 'forger@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) })
      .setIssuer(issuer.url)
      .setAudience(GOOGLE_CLIENT.id)
      .setSubject('forger')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    issuer.server.service.once('beforeResponse', (response) => {
      (response.body as Record<string, unknown>).id_token = forged;
    });
    expectFailure(await finish(cb), 'token');
    expect(await t.database.db.$count(users, eq(users.email, 'forger@example.com'))).toBe(0);
  });

  it('brings a denied consent back to / with its reason', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/google/login' });
    const state = new URL(String(login.headers.location)).searchParams.get('state');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/google/callback?error=access_denied&state=${state}`,
      headers: { cookie: cookieOf(login) },
    });
    expectFailure(res, 'denied');
  });
});

describe('Google sign-in when it cannot run', () => {
  it('is not configured without GOOGLE_CLIENT_ID: back to / with a message, never a crash', async () => {
    const plain = await createTestApp();
    try {
      expectFailure(await plain.app.inject({ method: 'GET', url: '/api/google/login' }), 'not_configured');
      expectFailure(
        await plain.app.inject({ method: 'GET', url: '/api/google/callback?code=x&state=y' }),
        'not_configured',
      );
    } finally {
      await plain.close();
    }
  });

  it('answers "unavailable" when the issuer is down', async () => {
    const down = await createTestApp({
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
    });
    try {
      expectFailure(await down.app.inject({ method: 'GET', url: '/api/google/login' }), 'unavailable');
    } finally {
      await down.close();
    }
  });
});
