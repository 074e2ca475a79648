import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ZodApp } from '../../src/server/lib/http.js';
import { urlForLog } from '../../src/server/lib/logging.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

// The request log keeps no credential from an address: Google's sign-in ends at
// /auth/success?token=<a 7-day session> (DECISIONS.md §3), and its callback carries a code and state.

let t: TestApp;
let logged: App;
type App = { app: ZodApp; lines: string[] };

beforeAll(async () => {
  t = await createTestApp();
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // The app as production builds it, at the default level, logging into `lines`.
  const app = await buildApp({
    config: { ...t.config, logLevel: 'info' },
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    logger: { stream },
  });
  await app.ready();
  logged = { app, lines };
});
afterAll(async () => {
  await logged?.app.close();
  await t.close();
});

describe('the request log', () => {
  it('logs each request with its address, credentials in the query replaced', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2VjcmV0LXNpZ25hdHVyZQ';
    await logged.app.inject({ method: 'GET', url: `/auth/success?token=${token}` });
    await logged.app.inject({
      method: 'GET',
      url: '/api/google/callback?state=the-state-value&code=the-one-time-code&scope=openid',
    });
    await logged.app.inject({ method: 'GET', url: '/api/admin/services/main?token=x&limit=5' });
    const text = logged.lines.join('\n');
    for (const secret of [token, 'the-state-value', 'the-one-time-code']) expect(text).not.toContain(secret);
    const urls = logged.lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual([
      '/auth/success?token=[redacted]',
      '/api/google/callback?state=[redacted]&code=[redacted]&scope=openid',
      '/api/admin/services/main?token=[redacted]&limit=5',
    ]);
  });
});

describe('urlForLog', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/auth/success?token=abc', '/auth/success?token=[redacted]'],
    ['/x?a=1&TOKEN=abc#frag', '/x?a=1&TOKEN=[redacted]#frag'],
    ['/x?tokens=1&mytoken=2', '/x?tokens=1&mytoken=2'],
    ['/x?code=', '/x?code=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(urlForLog(url)).toBe(expected);
  });
});
