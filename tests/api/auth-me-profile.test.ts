import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import { findUserById, updateUser } from '../../src/server/modules/auth/queries.js';
import type { User } from '../../src/shared/contracts/auth.js';
import { changeAccount } from '../support/accounts.js';
import { bearer, expectError, expectPublicUser, signUp, uniqueEmail } from '../support/api.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct-horse-42';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/me', headers });

const patchProfile = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile', payload: payload as object, headers });

const secretKey = (secret: string) => new TextEncoder().encode(secret);

describe('GET /api/me', () => {
  it('answers the signed-in user for a valid token', async () => {
    const s = await signUp(t);
    const res = await me(s.headers);
    expect(res.statusCode).toBe(200);
    const json = res.json() as { user: User };
    expect(Object.keys(json)).toEqual(['user']);
    expectPublicUser(json.user);
    expect(json.user).toEqual(s.user);
  });

  it('answers 401 without an authorization header', async () => {
    expectError(await me(), 401);
  });

  it.each([
    ['a garbage token', 'Bearer not-a-jwt'],
    ['a truncated token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a bare token without scheme', 'eyJhbGciOiJIUzI1NiJ9.e30.abc'],
  ])('answers 401 for %s', async (_label, authorization) => {
    expectError(await me({ authorization }), 401);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const s = await signUp(t);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.user.id)
      .setIssuer('remotefix')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secretKey('a-completely-different-secret-of-32-chars!'));
    expectError(await me(bearer(forged)), 401);
  });

  it('answers 401 for an unsigned (alg "none") token', async () => {
    const s = await signUp(t);
    const unsigned = new UnsecuredJWT({})
      .setSubject(s.user.id)
      .setIssuer('remotefix')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expectError(await me(bearer(unsigned)), 401);
  });

  it('answers 401 for an expired token', async () => {
    const s = await signUp(t);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.user.id)
      .setIssuer('remotefix')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(secretKey(TEST_JWT_SECRET));
    expectError(await me(bearer(expired)), 401);

    // The same token with a future expiry is accepted: the expiry is what was refused.
    const fresh = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.user.id)
      .setIssuer('remotefix')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secretKey(TEST_JWT_SECRET));
    expect((await me(bearer(fresh))).statusCode).toBe(200);
  });

  it('answers 401 for a token of another issuer', async () => {
    const s = await signUp(t);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.user.id)
      .setIssuer('someone-else')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secretKey(TEST_JWT_SECRET));
    expectError(await me(bearer(token)), 401);
  });

  it('answers 401 (not 5xx) for a correctly signed token whose subject is not a user id', async () => {
    for (const sub of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('remotefix')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secretKey(TEST_JWT_SECRET));
      expectError(await me(bearer(token)), 401);
    }
  });

  it('answers 401 for the token of a deleted user', async () => {
    const s = await signUp(t);
    expect((await me(s.headers)).statusCode).toBe(200);
    await changeAccount(t, s.user.id, () => t.database.db.delete(users).where(eq(users.id, s.user.id)));
    expectError(await me(s.headers), 401);
  });

  it('reflects a role change in the database at once', async () => {
    const s = await signUp(t);
    expect((await me(s.headers)).json()).toMatchObject({ user: { role: 'user' } });
    await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { role: 'engineer' }));
    expect((await me(s.headers)).json()).toMatchObject({ user: { role: 'engineer' } });
    await changeAccount(t, s.user.id, () => updateUser(t.database.db, s.user.id, { role: 'admin' }));
    expect((await me(s.headers)).json()).toMatchObject({ user: { role: 'admin' } });
  });
});

describe('PATCH /api/profile', () => {
  it('updates name, email and phone, and the change is what /api/me and login see', async () => {
    const s = await signUp(t);
    const newEmail = uniqueEmail('moved');
    const res = await patchProfile(
      { name: '  Asha R. ', email: `  ${newEmail.toUpperCase()} `, phone: '+1 (555) 010-9999' },
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    const json = res.json() as { user: User };
    expect(Object.keys(json)).toEqual(['user']);
    expectPublicUser(json.user);
    expect(json.user).toMatchObject({
      id: s.user.id,
      name: 'Asha R.',
      email: newEmail,
      phone: '+1 (555) 010-9999',
      role: 'user',
    });

    expect((await me(s.headers)).json()).toMatchObject({ user: { email: newEmail, name: 'Asha R.' } });
    expect((await post('/api/login', { email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    expectError(await post('/api/login', { email: s.user.email, password: PASSWORD }), 401, 'Invalid credentials');
  });

  // SPEC.md §6: editing a profile is the customer's. Staff accounts are the admins' to make, and the
  // superadmin's email is ADMIN_EMAIL's (changed there, or a second superadmin appears at boot).
  it.each(['engineer', 'admin', 'superadmin'] as const)(
    'refuses the role %s with 403 and changes nothing',
    async (role) => {
      const s = await signUp(t, {}, role);
      const res = await patchProfile({ name: 'Renamed', email: uniqueEmail('staff'), phone: s.user.phone }, s.headers);
      expectError(res, 403);
      expect(await findUserById(t.database.db, s.user.id)).toMatchObject({ name: s.user.name, email: s.user.email });
    },
  );

  it('ignores a role in the body', async () => {
    const s = await signUp(t);
    const res = await patchProfile(
      { name: 'Sneaky', email: s.user.email, phone: s.user.phone, role: 'superadmin' },
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: User }).user.role).toBe('user');
    expect((await findUserById(t.database.db, s.user.id))?.role).toBe('user');
  });

  it('lets a user keep their own email', async () => {
    const s = await signUp(t);
    const res = await patchProfile(
      { name: 'Same Email', email: s.user.email.toUpperCase(), phone: s.user.phone },
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: User }).user).toMatchObject({ name: 'Same Email', email: s.user.email });
  });

  it('refuses an email that belongs to another account with 409, whatever its case', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expectError(await patchProfile({ name: 'B', email: a.user.email, phone: b.user.phone }, b.headers), 409);
    expectError(
      await patchProfile({ name: 'B', email: ` ${a.user.email.toUpperCase()} `, phone: b.user.phone }, b.headers),
      409,
    );
    expect((await findUserById(t.database.db, b.user.id))?.email).toBe(b.user.email);
  });

  it('refuses an invalid email with 400', async () => {
    const s = await signUp(t);
    expectError(await patchProfile({ name: 'A', email: 'nope', phone: s.user.phone }, s.headers), 400, /email/i);
  });

  it.each(['name', 'email', 'phone'])('refuses a body without %s with 400', async (field) => {
    const s = await signUp(t);
    const body: Record<string, string> = { name: 'A', email: s.user.email, phone: s.user.phone };
    delete body[field];
    expectError(await patchProfile(body, s.headers), 400);
    expect((await findUserById(t.database.db, s.user.id))?.name).toBe(s.user.name);
  });

  it('answers 401 without a token, and changes nothing', async () => {
    const s = await signUp(t);
    expectError(await patchProfile({ name: 'Hacker', email: s.user.email, phone: s.user.phone }), 401);
    expectError(
      await patchProfile(
        { name: 'Hacker', email: s.user.email, phone: s.user.phone },
        { authorization: 'Bearer junk' },
      ),
      401,
    );
    expect((await findUserById(t.database.db, s.user.id))?.name).toBe(s.user.name);
  });
});
