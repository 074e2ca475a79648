import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { prepareDatabase } from '../../src/server/db/bootstrap.js';
import type { Database } from '../../src/server/db/client.js';
import { services, users } from '../../src/server/db/schema/index.js';
import { verifyPassword } from '../../src/server/modules/auth/passwords.js';
import { findUserByEmail, updateUser } from '../../src/server/modules/auth/queries.js';
import { createAccount } from '../../src/server/modules/auth/service.js';
import { resolveJwtSecret } from '../../src/server/modules/auth/tokens.js';
import type { User } from '../../src/shared/contracts/auth.js';
import { expectError } from '../support/api.js';
import { createTestApp, freshDatabase, type TestApp } from '../support/test-app.js';

const SECRET = 'a-production-secret-that-is-long-enough-123';

/** loadConfig's error, checked to be a ConfigError whose message names the variable. */
function configError(env: Record<string, string>): string {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  return (caught as ConfigError).message;
}

describe('loadConfig', () => {
  it('has the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.env).toBe('development');
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe('./data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.admin).toBeUndefined();
    expect(c.rateLimit).toEqual({ auth: 20, contact: 5, orders: 30 });
    expect(c.payments.provider).toBe('test');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.google.issuer).toBe('https://accounts.google.com');
    expect(c.google.clientId).toBeUndefined();
  });

  it('reads every variable it is given', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/remotefix',
      RATE_LIMIT_AUTH: '7',
      RATE_LIMIT_CONTACT: '3',
      RATE_LIMIT_ORDERS: '4',
      PUBLIC_URL: 'https://remotefix.example/',
      DATABASE_URL: 'postgres://u:p@db:5432/rf',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'boss-password-1',
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/var/lib/remotefix');
    expect(c.rateLimit).toEqual({ auth: 7, contact: 3, orders: 4 });
    expect(c.publicUrl).toBe('https://remotefix.example');
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/rf');
    expect(c.admin).toEqual({ email: 'boss@example.com', password: 'boss-password-1', name: 'Administrator' });
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ JWT_SECRET: '', ADMIN_EMAIL: ' ', ADMIN_PASSWORD: '', PAYMENT_PROVIDER: '' });
    expect(c.jwtSecret).toBeUndefined();
    expect(c.admin).toBeUndefined();
    expect(c.payments.provider).toBe('test');
  });

  it('picks Razorpay when both of its keys are set', () => {
    const c = loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' });
    expect(c.payments.provider).toBe('razorpay');
    // One key alone is not enough to leave the test provider.
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' }).payments.provider).toBe('test');
  });

  it.each(['abc', '-1', '70000', '3000.5'])('refuses PORT=%j with a ConfigError naming PORT', (PORT) => {
    expect(configError({ PORT })).toMatch(/\bPORT\b/);
  });

  it.each([
    ['RATE_LIMIT_AUTH', '0'],
    ['RATE_LIMIT_AUTH', 'many'],
    ['RATE_LIMIT_CONTACT', '-5'],
    ['RATE_LIMIT_ORDERS', '0'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'not a url'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['JWT_SECRET', 'too-short'],
    ['ADMIN_EMAIL', 'not-an-email'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    const env: Record<string, string> = { [name]: value };
    if (name === 'ADMIN_EMAIL') env.ADMIN_PASSWORD = 'long-enough-1';
    expect(configError(env)).toContain(name);
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, naming ADMIN_PASSWORD', () => {
    expect(configError({ ADMIN_EMAIL: 'boss@example.com' })).toContain('ADMIN_PASSWORD');
  });

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL, naming ADMIN_EMAIL', () => {
    expect(configError({ ADMIN_PASSWORD: 'long-enough-1' })).toContain('ADMIN_EMAIL');
  });

  it('refuses a short ADMIN_PASSWORD', () => {
    expect(configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })).toContain('ADMIN_PASSWORD');
  });

  it('refuses NODE_ENV=production without JWT_SECRET, naming JWT_SECRET', () => {
    expect(configError({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' })).toContain('JWT_SECRET');
  });

  it('refuses production with no Razorpay keys and no PAYMENT_PROVIDER', () => {
    expect(configError({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toContain('PAYMENT_PROVIDER');
  });

  it('refuses PAYMENT_PROVIDER=razorpay without its keys', () => {
    expect(configError({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x' })).toContain('RAZORPAY_KEY');
  });

  it('accepts production with PAYMENT_PROVIDER=test set explicitly and a JWT_SECRET', () => {
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'test' });
    expect(c.env).toBe('production');
    expect(c.payments.provider).toBe('test');
    expect(c.jwtSecret).toBe(SECRET);
  });

  it('accepts production with Razorpay keys, its webhook secret and a JWT_SECRET', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    });
    expect(c.payments.provider).toBe('razorpay');
    expect(c.payments.razorpayWebhookSecret).toBe('w');
  });

  // Without the webhook, a customer whose browser closes right after paying would get no ticket.
  it('refuses Razorpay in production without RAZORPAY_WEBHOOK_SECRET, implied or explicit', () => {
    const keys = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
    };
    expect(configError(keys)).toContain('RAZORPAY_WEBHOOK_SECRET');
    expect(configError({ ...keys, PAYMENT_PROVIDER: 'razorpay' })).toContain('RAZORPAY_WEBHOOK_SECRET');
    // Outside production (a developer trying keys locally) it may run without the webhook.
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' }).payments.provider).toBe('razorpay');
    // The test provider needs no webhook.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'test' }).payments.provider).toBe(
      'test',
    );
  });

  it('lists every problem at once', () => {
    const message = configError({ PORT: 'abc', RATE_LIMIT_AUTH: '0' });
    expect(message).toContain('PORT');
    expect(message).toContain('RATE_LIMIT_AUTH');
  });
});

describe('resolveJwtSecret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'rf-secret-'));
    dirs.push(d);
    return d;
  };

  it('returns JWT_SECRET when it is set, and writes nothing', () => {
    const dataDir = tempDir();
    expect(resolveJwtSecret({ jwtSecret: SECRET, dataDir })).toBe(SECRET);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('generates a strong secret once in DATA_DIR and returns the same one after that', () => {
    const dataDir = join(tempDir(), 'not', 'yet', 'there');
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);

    // A restart (a second call) keeps it, so logins survive.
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toBe(first);
  });

  it('generates a different secret for a different DATA_DIR', () => {
    const a = resolveJwtSecret({ jwtSecret: undefined, dataDir: tempDir() });
    const b = resolveJwtSecret({ jwtSecret: undefined, dataDir: tempDir() });
    expect(a).not.toBe(b);
  });
});

describe('superadmin bootstrap (ADMIN_EMAIL + ADMIN_PASSWORD)', () => {
  describe('on a fresh database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        ADMIN_EMAIL: 'Root@Example.com',
        ADMIN_PASSWORD: 'root-password-1',
        ADMIN_NAME: 'Root',
      });
    });
    afterAll(() => t.close());

    it('creates that account as a superadmin that can log in', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'root@example.com', password: 'root-password-1' },
      });
      expect(res.statusCode).toBe(200);
      const { user, token } = res.json() as { user: User; token: string };
      expect(user).toMatchObject({ email: 'root@example.com', name: 'Root', role: 'superadmin' });
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect((me.json() as { user: User }).user.role).toBe('superadmin');
    });

    it('stores its password as an argon2id hash', async () => {
      const row = await findUserByEmail(t.database.db, 'root@example.com');
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('makes exactly one superadmin, and nobody can sign up with its email', async () => {
      const supers = await t.database.db.select().from(users).where(eq(users.role, 'superadmin'));
      expect(supers).toHaveLength(1);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { name: 'Imposter', email: 'ROOT@example.com', phone: '+91 98765 43210', password: 'imposter-pass-1' },
      });
      expectError(res, 409);
    });
  });

  describe('on an existing database', () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await freshDatabase());
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it('promotes an existing user with that email, and running it again changes nothing', async () => {
      await prepareDatabase(database, { admin: undefined });
      const serviceCount = async () => (await database.db.select().from(services)).length;
      const servicesBefore = await serviceCount();
      expect(servicesBefore).toBeGreaterThan(0);

      const existing = await createAccount(database.db, {
        name: 'Existing Customer',
        email: 'owner@example.com',
        phone: '+91 98765 43210',
        password: 'old-password-1',
      });
      expect(existing.role).toBe('user');
      // It has a Google account linked too (made through Google, or with the address written in later).
      await updateUser(database.db, existing.id, { googleSub: 'claimer-google-sub' });

      const config = loadConfig({ ADMIN_EMAIL: ' Owner@Example.COM ', ADMIN_PASSWORD: 'new-password-1' });
      await prepareDatabase(database, config);

      const rows = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(rows).toHaveLength(1);
      const promoted = rows[0]!;
      expect(promoted.id).toBe(existing.id);
      expect(promoted.role).toBe('superadmin');
      expect(promoted.name).toBe('Existing Customer');
      // Whoever held the account before (someone may have claimed the address first) keeps nothing:
      // every session signed before ends, and no Google account opens it until one proves the address.
      expect(promoted.tokenVersion).toBe(existing.tokenVersion + 1);
      expect(promoted.googleSub).toBeNull();
      // ADMIN_PASSWORD is the password from now on.
      expect(await verifyPassword(promoted.passwordHash, 'new-password-1')).toBe(true);
      expect(await verifyPassword(promoted.passwordHash, 'old-password-1')).toBe(false);

      // Idempotent: a restart neither duplicates the catalogue nor rewrites the account.
      await prepareDatabase(database, config);
      expect(await serviceCount()).toBe(servicesBefore);
      const [again] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(again).toEqual(promoted);
      expect(await database.db.$count(users)).toBe(1);
    });

    it('a changed ADMIN_PASSWORD ends the superadmin’s earlier sessions; the same one changes nothing', async () => {
      const config = loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'rotated-password-2' });
      const [before] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      await prepareDatabase(database, config);
      const [after] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(after!.tokenVersion).toBe(before!.tokenVersion + 1);
      expect(await verifyPassword(after!.passwordHash, 'rotated-password-2')).toBe(true);
      await prepareDatabase(database, config);
      const [again] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(again!.tokenVersion).toBe(after!.tokenVersion);
    });
  });
});
