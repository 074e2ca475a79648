import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import { findUserById, insertUser } from '../../src/server/modules/auth/queries.js';
import type { User } from '../../src/shared/contracts/auth.js';
import { bearer, expectError, expectPublicUser, signUp, uniqueEmail } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct-horse-42';

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: uniqueEmail('signup'),
  phone: '+91 98765 43210',
  password: PASSWORD,
  ...overrides,
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/me', headers });

describe('POST /api/signup', () => {
  it('creates a customer and answers 201 with the public user and a working token', async () => {
    const body = signupBody();
    const res = await post('/api/signup', body);
    expect(res.statusCode).toBe(201);
    const json = res.json() as { user: User; token: string };
    expect(Object.keys(json).sort()).toEqual(['token', 'user']);
    expectPublicUser(json.user);
    expect(json.user).toMatchObject({ name: body.name, email: body.email, phone: body.phone, role: 'user' });
    expect(res.body).not.toMatch(/passwordHash|password_hash|googleSub|argon2/);
    expect(typeof json.token).toBe('string');

    const who = await me(bearer(json.token));
    expect(who.statusCode).toBe(200);
    expect((who.json() as { user: User }).user.id).toBe(json.user.id);
  });

  it('trims and lower-cases the email', async () => {
    const email = uniqueEmail('MixedCase');
    const res = await post('/api/signup', signupBody({ email: `  ${email.toUpperCase()}  ` }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json() as { user: User };
    expect(user.email).toBe(email.toLowerCase());
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(email.toLowerCase());
  });

  it('ignores a role in the body: signup always makes a customer', async () => {
    const res = await post('/api/signup', signupBody({ role: 'admin' }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json() as { user: User };
    expect(user.role).toBe('user');
    expect((await findUserById(t.database.db, user.id))?.role).toBe('user');

    const superRes = await post('/api/signup', signupBody({ role: 'superadmin' }));
    expect(superRes.statusCode).toBe(201);
    expect((superRes.json() as { user: User }).user.role).toBe('user');
  });

  it('stores the password as an argon2id hash, never the password itself', async () => {
    const { user } = await signUp(t, { password: PASSWORD });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  for (const field of ['name', 'email', 'phone', 'password'] as const) {
    it(`refuses a body without ${field} with 400`, async () => {
      const body: Record<string, unknown> = signupBody();
      delete body[field];
      const res = await post('/api/signup', body);
      expectError(res, 400, new RegExp(field === 'phone' ? 'phone' : field, 'i'));
    });

    it(`refuses a blank ${field} with 400`, async () => {
      const res = await post('/api/signup', signupBody({ [field]: field === 'password' ? '' : '   ' }));
      expectError(res, 400);
    });
  }

  it('refuses an empty body with 400', async () => {
    expectError(await post('/api/signup', {}), 400);
  });

  it('refuses fields of the wrong type with 400', async () => {
    expectError(await post('/api/signup', signupBody({ email: 12345 })), 400);
    expectError(await post('/api/signup', signupBody({ password: { long: 'enough-password' } })), 400);
    expectError(await post('/api/signup', signupBody({ name: ['Asha'] })), 400);
  });

  it.each(['not-an-email', 'asha@', '@example.com', 'asha rao@example.com', 'asha@example'])(
    'refuses the invalid email %j with 400',
    async (email) => {
      expectError(await post('/api/signup', signupBody({ email })), 400, /email/i);
    },
  );

  it('refuses a password shorter than 8 characters with 400', async () => {
    expectError(await post('/api/signup', signupBody({ password: 'short12' })), 400, /8 characters/);
    // Exactly 8 is enough (when it is not a common password: 12345678 is).
    expect((await post('/api/signup', signupBody({ password: 'kq8-vt3w' }))).statusCode).toBe(201);
  });

  // DECISIONS.md §7.6 (NIST SP 800-63B): commonly used and breached passwords are refused, saying why.
  it.each(['password', '12345678', 'Password123!', 'qwertyuiop', 'iloveyou1'])(
    'refuses the common password %j with 400, saying it is too common, and makes no account',
    async (password) => {
      const body = signupBody({ password });
      expectError(
        await post('/api/signup', body),
        400,
        'This password is too common: choose one that is harder to guess.',
      );
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    },
  );

  it('refuses a password of spaces only with 400, saying so', async () => {
    expectError(await post('/api/signup', signupBody({ password: '        ' })), 400, /blank|only spaces/i);
    expectError(await post('/api/signup', signupBody({ password: ' \t      \n ' })), 400, /blank|only spaces/i);
  });

  it('refuses a password made of the account’s own email, saying why', async () => {
    const email = uniqueEmail('own');
    expectError(await post('/api/signup', signupBody({ email, password: email })), 400, /your name.*email/i);
  });

  it('accepts a password with spaces inside it', async () => {
    expect((await post('/api/signup', signupBody({ password: 'correct horse battery' }))).statusCode).toBe(201);
  });

  // A name is one line in every email, receipt and list that shows it: a line break in it makes
  // text that reads as separate lines ("Bcc: …") in what staff are sent.
  it('refuses a name with a line break or a tab with 400, saying so', async () => {
    for (const name of ['Neha\r\nBcc: victim@example.org', 'Neha\nSharma', 'Neha\tSharma']) {
      expectError(await post('/api/signup', signupBody({ name })), 400, 'Name must be on one line');
    }
  });

  it('refuses an invalid phone number with 400', async () => {
    expectError(await post('/api/signup', signupBody({ phone: 'call me maybe' })), 400, /phone/i);
  });

  it('refuses a duplicate email with 409, whatever its case and surrounding spaces', async () => {
    const email = uniqueEmail('dup');
    expect((await post('/api/signup', signupBody({ email }))).statusCode).toBe(201);
    expectError(await post('/api/signup', signupBody({ email })), 409);
    expectError(await post('/api/signup', signupBody({ email: email.toUpperCase() })), 409);
    expectError(await post('/api/signup', signupBody({ email: `  ${email}\t` })), 409);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('makes exactly one account when the same email signs up twice at once', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      post('/api/signup', signupBody({ email })),
      post('/api/signup', signupBody({ email })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/admin/users: a password an admin sets', () => {
  it('is held to the same rule: a common or blank password is refused with 400, saying why', async () => {
    const admin = await signUp(t, {}, 'admin');
    const create = (password: string) =>
      post(
        '/api/admin/users',
        { name: 'Ravi Kumar', email: uniqueEmail('staff'), phone: '+91 98765 43210', password, role: 'engineer' },
        admin.headers,
      );
    expectError(await create('password123'), 400, /too common/);
    expectError(await create('        '), 400, /blank|only spaces/i);
    expect((await create('correct-horse-42')).statusCode).toBe(201);
  });
});

describe('POST /api/login', () => {
  let account: { email: string; id: string };
  beforeAll(async () => {
    const s = await signUp(t, { email: uniqueEmail('login'), password: PASSWORD });
    account = { email: s.user.email, id: s.user.id };
  });

  it('answers 200 with the public user and a working token for the right password', async () => {
    const res = await post('/api/login', { email: account.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const json = res.json() as { user: User; token: string };
    expect(Object.keys(json).sort()).toEqual(['token', 'user']);
    expectPublicUser(json.user);
    expect(json.user.id).toBe(account.id);
    expect(res.body).not.toMatch(/passwordHash|googleSub|argon2/);
    const who = await me(bearer(json.token));
    expect(who.statusCode).toBe(200);
    expect((who.json() as { user: User }).user.email).toBe(account.email);
  });

  it('treats the email case-insensitively and trims it', async () => {
    const res = await post('/api/login', { email: `  ${account.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: User }).user.id).toBe(account.id);
  });

  it('refuses a wrong password with 401 "Invalid credentials"', async () => {
    expectError(
      await post('/api/login', { email: account.email, password: 'wrong-password-1' }),
      401,
      'Invalid credentials',
    );
    // The password is case-sensitive.
    expectError(
      await post('/api/login', { email: account.email, password: PASSWORD.toUpperCase() }),
      401,
      'Invalid credentials',
    );
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    expectError(
      await post('/api/login', { email: uniqueEmail('nobody'), password: PASSWORD }),
      401,
      'Invalid credentials',
    );
  });

  it('does not re-check the signup length rule: a short password is just invalid credentials', async () => {
    expectError(await post('/api/login', { email: account.email, password: 'x' }), 401, 'Invalid credentials');
  });

  it.each([
    ['without email', { password: PASSWORD }],
    ['without password', { email: 'someone@example.com' }],
    ['without either field', {}],
    ['with a blank password', { email: 'someone@example.com', password: '' }],
    ['with a blank email', { email: '  ', password: PASSWORD }],
  ])('refuses a login %s with 400', async (_label, body) => {
    expectError(await post('/api/login', body), 400);
  });

  it('answers a Google-only account (no password) with 401 "Invalid credentials", not a crash', async () => {
    const email = uniqueEmail('google');
    await insertUser(t.database.db, {
      name: 'Google User',
      email,
      phone: '',
      passwordHash: null,
      googleSub: `google-${email}`,
    });
    for (const password of [PASSWORD, 'x', '']) {
      const res = await post('/api/login', { email, password });
      expect(res.statusCode).toBeLessThan(500);
    }
    expectError(await post('/api/login', { email, password: PASSWORD }), 401, 'Invalid credentials');
  });
});
