import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '../../src/shared/seo.js';
import { expectError, injectNo5xx, signUp, type Session } from '../support/api.js';
import { cspDirectives } from '../support/csp.js';
import { expectSecurityHeaders } from '../support/security-headers.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Security headers on every page the server serves and on a sample of API answers (issue 6,
 * item 5). The 429s' headers: rate-limit-budgets.test.ts.
 */

let t: TestApp;
let customer: Session;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t);
});
afterAll(() => t.close());

/** Every request of this file goes through here: no input, however malformed, may produce a 5xx. */
const call = (opts: InjectOptions) => injectNo5xx(t, opts);

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
  it('lists the five marketing pages and the three legal pages among them', () => {
    expect([...MARKETING_PATHS].sort()).toEqual(
      ['/', '/about', '/contact', '/how-it-works', '/privacy', '/refund-policy', '/service', '/terms'].sort(),
    );
  });

  it.each(PAGES)('%s', async (url) => {
    const res = await call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPageHeaders(res);
  });

  it('/auth/success, whose address carries the session token: no Referer from its own requests, not stored', async () => {
    // The Google callback sends the browser to /auth/success?token=<session>&done=… (DECISIONS.md §3).
    // Before its script takes the token out of the address, the page loads its scripts, font and
    // styles; with the site's policy each of those would repeat the address, token included, as its
    // Referer (which access logs keep), and the browser's cache would keep the page under it.
    const res = await call({
      method: 'GET',
      url: '/auth/success?token=eyJhbGciOiJIUzI1NiJ9.e30.sig&done=abc',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // The other pages keep the site's policy.
    const home = await call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.headers['cache-control']).toBe('no-cache');
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

// Issue 26 (DECISIONS §7.6): answers of routes that need a session are never stored by a browser or a
// shared cache (one hook, on every route whose access is not 'public', its 401s and 403s too).
describe('Cache-Control on answers that need a session', () => {
  it('no-store on authenticated answers, their refusals included', async () => {
    const admin = await signUp(t, {}, 'admin');
    for (const [url, headers, status] of [
      ['/api/me', customer.headers, 200],
      ['/api/tickets', customer.headers, 200],
      ['/api/user/inprogress-payments', customer.headers, 200],
      ['/api/admin/users', admin.headers, 200],
      ['/api/prisma', admin.headers, 200],
      ['/api/me', {}, 401],
      ['/api/admin/users', customer.headers, 403],
      // No route: the 404 is the same for everyone, but a session asked for it.
      ['/api/no-such-route', customer.headers, 404],
      ['/api/tickets/x/y/z', {}, 404],
    ] as const) {
      const res = await call({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('no-store on public answers that hand out a session or name an account', async () => {
    const password = 'correct-horse-battery-42';
    const email = `cache-${Date.now()}@example.com`;
    const signup = await call({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'Cache Test', phone: '+91 98765 43210', email, password },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const login = await call({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const badReset = await call({ method: 'POST', url: '/api/password/reset', payload: { token: 'x', password } });
    const badUnsubscribe = await call({ method: 'GET', url: '/api/unsubscribe?token=x' });
    for (const res of [signup, login, badReset, badUnsubscribe]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('public answers keep their own caching', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/services/main' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent where the public address is http (a browser would refuse the site without TLS)', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/services/main' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent where PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://remotefix.example' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/admin/services/main' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });
});
