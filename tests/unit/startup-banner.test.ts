import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { localUrl, startupBanner } from '../../src/server/startup-banner.js';

// The lines the server prints once it listens: where, which database, whether money is real.
const banner = (env: Record<string, string>, address = { address: '0.0.0.0', family: 'IPv4', port: 3000 }) =>
  startupBanner(loadConfig(env), address);

describe('the start-up banner', () => {
  it('says the embedded database, its folder and test mode on a bare start', () => {
    const text = banner({});
    expect(text.split('\n')[0]).toBe('RemoteFix is running.');
    expect(text).toContain('Open:      http://localhost:3000 (listening on 0.0.0.0, port 3000)');
    expect(text).toContain(`Database:  PGlite, embedded, in ${resolve('./data')}`);
    expect(text).toContain('Payments:  test mode, no real money moves');
    expect(text).not.toContain('{');
  });

  it('names PostgreSQL by host, port and database, never its credentials', () => {
    const text = banner({ DATABASE_URL: 'postgres://rf:the-db-password@db.internal:6432/remotefix' });
    expect(text).toContain('Database:  PostgreSQL at db.internal:6432/remotefix');
    expect(text).not.toContain('the-db-password');
    expect(text).not.toContain('rf:');
  });

  it('tells live Razorpay keys from test keys', () => {
    const keys = { RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };
    expect(banner({ ...keys, RAZORPAY_KEY_ID: 'rzp_live_abc' })).toContain('Razorpay with LIVE keys: real money');
    expect(banner({ ...keys, RAZORPAY_KEY_ID: 'rzp_test_abc' })).toContain('Razorpay with test keys');
    expect(banner({ ...keys, RAZORPAY_KEY_ID: 'rzp_test_abc' })).not.toContain('secret');
  });

  it('gives the public address when it is not the local one', () => {
    const text = banner({ PUBLIC_URL: 'https://remotefix.in' });
    expect(text).toContain('public address https://remotefix.in');
    expect(banner({})).not.toContain('public address');
  });

  it('opens a specific interface by its address, IPv6 in brackets', () => {
    expect(localUrl({ address: '127.0.0.1', family: 'IPv4', port: 4000 })).toBe('http://127.0.0.1:4000');
    expect(localUrl({ address: '::1', family: 'IPv6', port: 4000 })).toBe('http://[::1]:4000');
    expect(localUrl({ address: '::', family: 'IPv6', port: 4000 })).toBe('http://localhost:4000');
  });
});
