import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectNo5xx } from '../support/api.js';
import { expectLimited, limitedCalls, type LimitedCalls } from '../support/rate-limit.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let login: LimitedCalls['login'];
let contact: LimitedCalls['contact'];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH: '3', RATE_LIMIT_CONTACT: '2' });
  ({ login, contact } = await limitedCalls(t));
});
afterAll(() => t.close());

/** Every request of this file goes through here: no input, however malformed, may produce a 5xx. */
const call = (opts: InjectOptions) => injectNo5xx(t, opts);

/**
 * What a rate limit answers (issue 6, item 5) beyond its budgets (rate-limit-budgets.test.ts, whose
 * 429s are checked for { error }, Retry-After and the security headers): a client choosing its own
 * address, a limited request that is also malformed or oversized, and the budget headers.
 */
describe('rate limits', () => {
  it('a client cannot buy a fresh budget with its own X-Forwarded-For or X-Real-IP', async () => {
    const ip = '10.9.0.3';
    for (let i = 0; i < 3; i++) await login(ip);
    for (let i = 0; i < 5; i++) {
      const spoofed = {
        'x-forwarded-for': `203.0.113.${i + 1}`,
        'x-real-ip': `198.51.100.${i + 1}`,
      };
      expectLimited(await login(ip, spoofed));
    }
    const ip2 = '10.9.0.4';
    await contact(ip2);
    await contact(ip2);
    expectLimited(await contact(ip2, { 'x-forwarded-for': '203.0.113.77' }));
  });

  it('is checked before the body is read: past the limit a malformed or oversized body is still 429', async () => {
    const ip = '10.9.0.5';
    for (let i = 0; i < 3; i++) await login(ip);
    expectLimited(
      await call({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectLimited(
      await call({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: ip,
        payload: JSON.stringify({ name: 'x'.repeat(200 * 1024) }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    const ip2 = '10.9.0.6';
    await contact(ip2);
    await contact(ip2);
    expectLimited(
      await call({
        method: 'POST',
        url: '/api/contact/add',
        remoteAddress: ip2,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
    );
  });

  it('tells the client its budget before it runs out', async () => {
    const res = await login('10.9.0.7');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    expect(res.headers['x-ratelimit-remaining']).toBe('2');
  });
});
