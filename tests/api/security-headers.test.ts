import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '../../src/shared/seo.js';
import {
  expectError,
  injectNo5xx,
  mainServices,
  signUp,
  subServices,
  uniqueEmail,
  type Session,
} from '../support/api.js';
import { cspDirectives } from '../support/csp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Security headers on every page the server serves and on a sample of API answers (issue 6,
 * item 5), and what tests/api/rate-limit.test.ts does not already cover about the 429s.
 */

let t: TestApp;
let customer: Session;
let contactBody: () => Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH: '3', RATE_LIMIT_CONTACT: '2' });
  // From its own address: this file's rate-limit cases must not spend this signup's budget.
  customer = await signUp(t);
  const [main] = await mainServices(t.app);
  const [sub] = await subServices(t.app, main!.id);
  contactBody = () => ({
    name: 'Ravi Kumar',
    email: uniqueEmail('headers'),
    phone: '+91 91234 56789',
    computerType: 'Laptop',
    description: 'Screen flickers.',
    urgency: 'Low',
    mainServiceId: main!.id,
    subServiceId: sub!.id,
  });
});
afterAll(() => t.close());

/** Every request of this file goes through here: no input, however malformed, may produce a 5xx. */
const call = (opts: InjectOptions) => injectNo5xx(t, opts);

/** The headers every answer carries, page or API, success or error. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  const directives = cspDirectives(res);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc, 'the CSP governs scripts (script-src or default-src)').toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).not.toContain('*');
  expect(scriptSrc).not.toContain('data:');
  // Not framable: frame-ancestors 'none', or the legacy header for browsers without it.
  const frameAncestors = directives.get('frame-ancestors');
  const xfo = String(res.headers['x-frame-options'] ?? '').toUpperCase();
  expect(
    (frameAncestors?.length === 1 && frameAncestors[0] === "'none'") || xfo === 'DENY' || xfo === 'SAMEORIGIN',
    `frame-ancestors 'none' or X-Frame-Options DENY/SAMEORIGIN (got frame-ancestors ${String(frameAncestors)}, X-Frame-Options ${xfo || 'none'})`,
  ).toBe(true);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy'], 'Referrer-Policy is present').toBeTruthy();
  expect(String(res.headers['referrer-policy'])).not.toMatch(/unsafe-url|no-referrer-when-downgrade/);
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers.server).toBeUndefined();
}

/** The app's own pages: the product's policy exactly, frame-ancestors 'none', and no inline script for it to allow. */
function expectPageHeaders(res: LightMyRequestResponse) {
  expectSecurityHeaders(res);
  const directives = cspDirectives(res);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  if (String(res.headers['content-type']).startsWith('text/html')) {
    // Every script is a file from this origin or a JSON data block: nothing the CSP would block.
    for (const [tag] of res.body.matchAll(/<script\b[^>]*>/g)) {
      expect(tag, 'a script the CSP would refuse').toMatch(/\bsrc="\/|type="application\/json"/);
    }
    expect(res.body).not.toMatch(/\son[a-z]+="/i);
  }
}

const PAGES = [...MARKETING_PATHS, '/dashboard', '/admin', '/admin-prisma', '/auth/success'];

describe('security headers on every page the server serves', () => {
  it('lists the five marketing pages among them', () => {
    expect(MARKETING_PATHS).toHaveLength(5);
  });

  it.each(PAGES)('%s', async (url) => {
    const res = await call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPageHeaders(res);
  });

  it('the 404 page', async () => {
    const res = await call({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPageHeaders(res);
  });

  it.each(['/robots.txt', '/sitemap.xml'])('%s', async (url) => {
    const res = await call({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectPageHeaders(res);
  });

  it('the API documentation (Swagger UI keeps its own script-src without inline scripts)', async () => {
    const res = await call({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it('a page asked for with HEAD', async () => {
    const res = await call({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expectPageHeaders(res);
  });
});

describe('security headers on API answers', () => {
  it('a 200', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/services/main' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it('a 400', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/contact/add',
      remoteAddress: '10.8.0.1',
      payload: {},
    });
    expectError(res, 400);
    expectSecurityHeaders(res);
  });

  it('a 401', async () => {
    const res = await call({ method: 'GET', url: '/api/me' });
    expectError(res, 401);
    expectSecurityHeaders(res);
  });

  it('a 403', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/users', headers: customer.headers });
    expectError(res, 403);
    expectSecurityHeaders(res);
  });

  it('a 404', async () => {
    const res = await call({ method: 'GET', url: '/api/no-such-thing' });
    expectError(res, 404);
    expectSecurityHeaders(res);
  });

  it('a 413 and a 415', async () => {
    const big = await call({
      method: 'POST',
      url: '/api/contact/add',
      remoteAddress: '10.8.0.2',
      payload: JSON.stringify({ description: 'x'.repeat(101 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(big, 413);
    expectSecurityHeaders(big);
    const xml = await call({
      method: 'POST',
      url: '/api/contact/add',
      remoteAddress: '10.8.0.3',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectError(xml, 415);
    expectSecurityHeaders(xml);
  });

  it('the router’s own refusals: a malformed percent-encoding (400) and an over-long parameter (414)', async () => {
    const bad = await call({ method: 'GET', url: '/api/admin/services/%zz/sub' });
    expectError(bad, 400);
    expectSecurityHeaders(bad);
    const long = await call({ method: 'GET', url: `/api/admin/services/${'a'.repeat(200)}/sub` });
    expectError(long, 414);
    expectSecurityHeaders(long);
  });

  it('the health check', async () => {
    const res = await call({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });
});

// What rate-limit.test.ts already proves: login and signup share one budget (429 { error } with
// Retry-After, refused attempts count, per client, the rest of the API is not limited) and the
// contact form has its own. What it does not: the headers and shape of a 429 beyond that, a
// client choosing its own address, and a limited request that is also malformed or oversized.
describe('rate limits', () => {
  const login = (ip: string, headers: Record<string, string> = {}) =>
    call({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers,
      payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
    });
  const signup = (ip: string) =>
    call({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: ip,
      payload: {
        name: 'Asha',
        email: uniqueEmail('rl-headers'),
        phone: '+91 98765 43210',
        password: 'correct-horse-42',
      },
    });
  const contact = (ip: string, headers: Record<string, string> = {}) =>
    call({
      method: 'POST',
      url: '/api/contact/add',
      remoteAddress: ip,
      headers,
      payload: contactBody(),
    });

  function expectLimited(res: LightMyRequestResponse) {
    expectError(res, 429, /try again/i);
    const retryAfter = Number(res.headers['retry-after']);
    expect(
      Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60,
      `Retry-After ${String(res.headers['retry-after'])}`,
    ).toBe(true);
    expectSecurityHeaders(res);
  }

  it('login + signup together: a 429 is { error } with Retry-After and the security headers', async () => {
    const ip = '10.9.0.1';
    expect((await signup(ip)).statusCode).toBe(201);
    expect((await login(ip)).statusCode).toBe(401);
    expect((await signup(ip)).statusCode).toBe(201);
    expectLimited(await login(ip));
    expectLimited(await signup(ip));
  });

  it('the contact form: a 429 is { error } with Retry-After and the security headers', async () => {
    const ip = '10.9.0.2';
    expect((await contact(ip)).statusCode).toBe(201);
    expect((await contact(ip)).statusCode).toBe(201);
    expectLimited(await contact(ip));
  });

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
