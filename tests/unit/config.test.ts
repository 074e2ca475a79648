import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { resolveJwtSecret } from '../../src/server/modules/auth/tokens.js';

/**
 * The environment the server boots from: loadConfig's defaults and refusals, and where the JWT
 * secret comes from when none is set. What ADMIN_EMAIL and ADMIN_PASSWORD do to the database:
 * admin-bootstrap.test.ts.
 */

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
    expect(c.rateLimit).toEqual({ auth: 20, contact: 5, orders: 30, writes: 60 });
    expect(c.databasePoolMax).toBe(4);
    expect(c.databaseStatementTimeoutMs).toBe(5000);
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
      RATE_LIMIT_WRITES: '9',
      PUBLIC_URL: 'https://remotefix.example/',
      DATABASE_URL: 'postgres://u:p@db:5432/rf',
      DATABASE_POOL_MAX: '12',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'boss-password-1',
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/var/lib/remotefix');
    expect(c.rateLimit).toEqual({ auth: 7, contact: 3, orders: 4, writes: 9 });
    expect(c.publicUrl).toBe('https://remotefix.example');
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/rf');
    expect(c.databasePoolMax).toBe(12);
    expect(c.databaseStatementTimeoutMs).toBe(30_000);
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
    ['RATE_LIMIT_WRITES', '0'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', '2.5'],
    ['DATABASE_POOL_MAX', 'lots'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'forever'],
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

  // DECISIONS.md §7.6: any password set is held to the same rule as signup's, the superadmin's included.
  it('refuses a common ADMIN_PASSWORD, naming ADMIN_PASSWORD and saying why', () => {
    const common = configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'password123' });
    expect(common).toContain('ADMIN_PASSWORD');
    expect(common).toMatch(/too common/);
    expect(configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: '12345678' })).toMatch(
      /ADMIN_PASSWORD: .*too common/,
    );
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
    // Outside production (a developer trying test keys locally) it may run without the webhook.
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' }).payments.provider).toBe('razorpay');
    // Live keys take real money whatever NODE_ENV says (npm start does not set it): the webhook is required.
    expect(configError({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toContain(
      'RAZORPAY_WEBHOOK_SECRET',
    );
    expect(
      loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' }).payments
        .provider,
    ).toBe('razorpay');
    // The test provider needs no webhook.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'test' }).payments.provider).toBe(
      'test',
    );
  });

  it("reads TRUST_PROXY as a hop count, or as the proxies' addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , 192.0.2.7,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['11', '-1', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.1,', '1.2.3']) {
      expect(configError({ TRUST_PROXY: bad })).toContain('TRUST_PROXY');
    }
  });

  it('reads SMTP_URL and MAIL_FROM, and refuses what is neither an SMTP URL nor an address', () => {
    const none = loadConfig({ SUPPORT_EMAIL: 'help@example.com' }).mail;
    expect(none).toEqual({
      smtpUrl: undefined,
      from: { name: 'RemoteFix', address: 'help@example.com' },
      retryLimit: 5,
      retryDelaySeconds: 30,
    });
    const set = loadConfig({
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
      MAIL_FROM: 'RemoteFix Desk <desk@example.com>',
      MAIL_RETRY_LIMIT: '2',
      MAIL_RETRY_DELAY: '5',
    }).mail;
    expect(set).toEqual({
      smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465',
      from: { name: 'RemoteFix Desk', address: 'desk@example.com' },
      retryLimit: 2,
      retryDelaySeconds: 5,
    });
    expect(loadConfig({ MAIL_FROM: 'plain@example.com' }).mail.from).toEqual({
      name: '',
      address: 'plain@example.com',
    });
    for (const bad of ['http://smtp.example.com', 'smtp://', 'smtp.example.com:25', 'mailto:a@b.c']) {
      expect(configError({ SMTP_URL: bad })).toContain('SMTP_URL');
    }
    for (const bad of ['not an address', 'Desk <nobody>', 'Desk" <a@b.co>']) {
      expect(configError({ MAIL_FROM: bad })).toContain('MAIL_FROM');
    }
    expect(configError({ MAIL_RETRY_DELAY: '0' })).toContain('MAIL_RETRY_DELAY');
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
