import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, users } from '../../src/server/db/schema/index.js';
import { updateUser } from '../../src/server/modules/auth/queries.js';
import { changeAccount } from '../support/accounts.js';
import { bearer, expectError, signUp } from '../support/api.js';
import { bookAndPay, serviceDraft } from '../support/booking.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

// The token checks beyond tests/api/auth-me-profile.test.ts: compatibility with the tokens the server issued
// through jose before it moved to fast-jwt, and the ways a token can be bent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with exactly these claims, signed with the server's secret. */
const signed = (claims: Record<string, unknown>, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(key);
const validClaims = (sub: string) => {
  const now = Math.floor(Date.now() / 1000);
  return { sub, iss: 'remotefix', iat: now, exp: now + 3600 };
};

/** Exactly what the jose-based token service issued. */
const joseToken = (sub: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer('remotefix')
    .setIssuedAt()
    .setExpirationTime('7d')
    .sign(key);

describe('token format', () => {
  it('accepts a token issued by the previous (jose) token service', async () => {
    const s = await signUp(t);
    const res = await me(bearer(await joseToken(s.user.id)));
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: { id: string } }).user.id).toBe(s.user.id);
  });

  it('issues HS256 tokens for remotefix, valid 7 days, that the previous verifier also accepts', async () => {
    const s = await signUp(t);
    expect(decodeProtectedHeader(s.token).alg).toBe('HS256');
    const claims = decodeJwt(s.token);
    expect(claims).toMatchObject({ sub: s.user.id, iss: 'remotefix' });
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
    // A rollback (or an older instance beside a newer one) still accepts today's tokens.
    const { payload } = await jwtVerify(s.token, key, { issuer: 'remotefix', algorithms: ['HS256'] });
    expect(payload.sub).toBe(s.user.id);
  });
});

describe('refused tokens', () => {
  it('refuses a token whose payload was changed to another user (signature kept)', async () => {
    const victim = await signUp(t);
    const attacker = await signUp(t);
    const [header, , signature] = attacker.token.split('.');
    const claims = decodeJwt(attacker.token);
    const forged = `${header}.${b64({ ...claims, sub: victim.user.id })}.${signature}`;
    expectError(await me(bearer(forged)), 401);
  });

  it('refuses a token with a changed signature', async () => {
    const s = await signUp(t);
    const [header, payload, signature] = s.token.split('.');
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expectError(await me(bearer(`${header}.${payload}.${flipped}`)), 401);
    expectError(await me(bearer(`${header}.${payload}.`)), 401);
  });

  it('refuses another algorithm, even with the right secret', async () => {
    const s = await signUp(t);
    expectError(await me(bearer(await signed(validClaims(s.user.id), 'HS512'))), 401);
    expectError(await me(bearer(await signed(validClaims(s.user.id), 'HS384'))), 401);
  });

  it('refuses a hand-made alg "none" token with the right claims', async () => {
    const s = await signUp(t);
    const now = Math.floor(Date.now() / 1000);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: s.user.id, iss: 'remotefix', iat: now, exp: now + 600 })}.`;
    expectError(await me(bearer(none)), 401);
  });

  it.each([
    ['no issuer', { iss: undefined }],
    ['no expiry', { exp: undefined }],
    ['no subject', { sub: undefined }],
    ['a numeric subject', { sub: 12345 }],
    ['an empty issuer', { iss: '' }],
    ['a not-yet-valid time', { nbf: 3600 }],
  ])('refuses a correctly signed token with %s', async (_label, change: Record<string, unknown>) => {
    const s = await signUp(t);
    const claims: Record<string, unknown> = { ...validClaims(s.user.id), ...change };
    if (typeof claims.nbf === 'number') claims.nbf = Math.floor(Date.now() / 1000) + claims.nbf;
    expectError(await me(bearer(await signed(claims))), 401);
    // The same claims unchanged pass: the change is what was refused.
    expect((await me(bearer(await signed(validClaims(s.user.id))))).statusCode).toBe(200);
  });

  it('refuses a valid token for a user id that never existed', async () => {
    expectError(await me(bearer(await joseToken(randomUUID()))), 401);
  });
});

// Every request checks its caller as the database has them: a change made straight in the database
// applies from the moment the database announces it (changeAccount waits for that, milliseconds).
describe('every request checks the caller as the database has them', () => {
  it('a role change applies to the very next request, on the ticket lists too', async () => {
    const s = await signUp(t);
    const list = (url: string) => t.app.inject({ method: 'GET', url, headers: s.headers });
    expect((await list('/api/tickets')).statusCode).toBe(200);
    expectError(await list('/api/engineer/assigned-tickets'), 403);
    await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { role: 'engineer' }));
    expectError(await list('/api/tickets'), 403);
    expect((await list('/api/engineer/assigned-tickets')).statusCode).toBe(200);
    expectError(await list('/api/admin/tickets'), 403);
    await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { role: 'admin' }));
    expect((await list('/api/admin/tickets')).statusCode).toBe(200);
  });

  it('a raised token version ends every session signed before it, and only those', async () => {
    const s = await signUp(t);
    expect(decodeJwt(s.token).ver).toBe(0);
    await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { tokenVersion: 1 }));
    expectError(await me(s.headers), 401, 'Your session has expired. Please log in again.');
    // A token without a version (the earlier format) is version 0: ended too.
    expectError(await me(bearer(await joseToken(s.user.id))), 401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: s.user.email, password: 'correct-horse-42' },
    });
    expect(fresh.statusCode).toBe(200);
    const token = (fresh.json() as { token: string }).token;
    expect(decodeJwt(token).ver).toBe(1);
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it.each([-1, 1.5, '0', null, true])('refuses a token whose version is %j', async (ver) => {
    const s = await signUp(t);
    expectError(await me(bearer(await signed({ ...validClaims(s.user.id), ver }))), 401);
    expect((await me(bearer(await signed({ ...validClaims(s.user.id), ver: 0 })))).statusCode).toBe(200);
  });

  it('a deleted account is refused on the very next request', async () => {
    const s = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets', headers: s.headers })).statusCode).toBe(200);
    await changeAccount(t, s.user.id, () => t.database.db.delete(users).where(eq(users.id, s.user.id)));
    expectError(await t.app.inject({ method: 'GET', url: '/api/tickets', headers: s.headers }), 401);
  });
});

// The hot lists, where a shortcut in loading the caller would pay most: every check of the guard,
// and 401/403 before any 400 (a malformed query or cursor), for each list and its own role.
describe('the ticket lists check their caller before anything else', () => {
  const LISTS = [
    { url: '/api/tickets', role: 'user' },
    { url: '/api/engineer/assigned-tickets', role: 'engineer' },
    { url: '/api/admin/tickets', role: 'admin' },
  ] as const;
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const caller = async (role: 'user' | 'engineer' | 'admin') => {
    const s = await signUp(t);
    if (role !== 'user') await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { role }));
    return s;
  };

  it.each(LISTS)('$url: the right role with nothing to list gets an empty page', async ({ url, role }) => {
    const s = await caller(role);
    const res = await get(role === 'admin' ? `${url}?status=completed&limit=1` : url, s.headers);
    expect(res.statusCode).toBe(200);
    if (role !== 'admin') expect(res.json()).toEqual({ tickets: [], nextCursor: null });
  });

  it.each(LISTS)('$url: a deleted account gets 401, even with a malformed query or cursor', async ({ url, role }) => {
    const s = await caller(role);
    await changeAccount(t, s.user.id, () => t.database.db.delete(users).where(eq(users.id, s.user.id)));
    expectError(await get(url, s.headers), 401, 'Your session has expired. Please log in again.');
    expectError(await get(`${url}?limit=abc`, s.headers), 401);
    expectError(await get(`${url}?cursor=not-a-cursor`, s.headers), 401);
  });

  it.each(LISTS)('$url: an ended session gets 401, even with a malformed query', async ({ url, role }) => {
    const s = await caller(role);
    await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { tokenVersion: 1 }));
    expectError(await get(url, s.headers), 401);
    expectError(await get(`${url}?limit=0`, s.headers), 401);
  });

  it.each(LISTS)('$url: another role gets 403, even with a malformed query or cursor', async ({ url, role }) => {
    const s = await caller(role === 'user' ? 'engineer' : 'user');
    expectError(await get(url, s.headers), 403);
    expectError(await get(`${url}?limit=abc`, s.headers), 403);
    expectError(await get(`${url}?cursor=not-a-cursor`, s.headers), 403);
  });

  it.each(LISTS)('$url: the right role with a malformed query or cursor gets 400', async ({ url, role }) => {
    const s = await caller(role);
    expectError(await get(`${url}?limit=abc`, s.headers), 400);
    expectError(await get(`${url}?cursor=not-a-cursor`, s.headers), 400, 'Invalid cursor');
  });

  it.each(LISTS)('$url: a token for an account that never existed gets 401', async ({ url }) => {
    expectError(await get(url, bearer(await joseToken(randomUUID()))), 401);
  });

  // Above, each caller had nothing to list. Here each has tickets to see, so a refusal cannot come
  // from an empty list: the one guard (plugins/auth.ts) refuses a caller who may not read, whatever
  // the list would hold.
  describe('with tickets to show', () => {
    /** A caller of `role` whose list holds a ticket: a customer's own, an engineer's assigned, any for an admin. */
    const callerWithTickets = async (role: 'user' | 'engineer' | 'admin') => {
      const customer = await signUp(t);
      const { ticket } = await bookAndPay(t, customer, await serviceDraft(t));
      if (role === 'user') return customer;
      const s = await caller(role);
      if (role === 'engineer')
        await t.database.db
          .update(tickets)
          .set({ engineerId: s.user.id, status: 'in-progress' })
          .where(eq(tickets.id, ticket.id));
      return s;
    };
    const listed = async (url: string, headers: Record<string, string>) => {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      return (res.json() as { tickets: unknown[] }).tickets.length;
    };

    it.each(LISTS)('$url: an ended session gets 401, with or without a malformed query', async ({ url, role }) => {
      const s = await callerWithTickets(role);
      expect(await listed(url, s.headers)).toBeGreaterThan(0);
      await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { tokenVersion: 1 }));
      expectError(await get(url, s.headers), 401, 'Your session has expired. Please log in again.');
      expectError(await get(`${url}?limit=abc`, s.headers), 401);
      expectError(await get(`${url}?cursor=not-a-cursor`, s.headers), 401);
    });

    it.each(LISTS)('$url: a role change gets 403 on the very next request', async ({ url, role }) => {
      const s = await callerWithTickets(role);
      expect(await listed(url, s.headers)).toBeGreaterThan(0);
      await changeAccount(t, s.user.id, () =>
        updateUser(t.database.db, s.user.id, { role: role === 'user' ? 'engineer' : 'user' }),
      );
      expectError(await get(url, s.headers), 403);
      expectError(await get(`${url}?cursor=not-a-cursor`, s.headers), 403);
    });

    it('an admin made superadmin keeps the list; a deleted admin gets 401', async () => {
      const s = await callerWithTickets('admin');
      await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { role: 'superadmin' }));
      expect(await listed('/api/admin/tickets', s.headers)).toBeGreaterThan(0);
      await changeAccount(t, s.user.id, () => t.database.db.delete(users).where(eq(users.id, s.user.id)));
      expectError(await get('/api/admin/tickets', s.headers), 401);
    });
  });
});
