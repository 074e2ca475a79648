import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, signUp, uniqueEmail } from '../support/api.js';
import { draftBody, post, serviceDraft } from '../support/booking.js';
import { expectLimited, limitedCalls, type LimitedCalls } from '../support/rate-limit.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let login: LimitedCalls['login'];
let signup: LimitedCalls['signup'];
let contact: LimitedCalls['contact'];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH: '3', RATE_LIMIT_CONTACT: '2', RATE_LIMIT_ORDERS: '3' });
  ({ login, signup, contact } = await limitedCalls(t));
});
afterAll(() => t.close());

/**
 * The rate limits' budgets (DECISIONS.md §3): login and signup share one per client, the contact
 * form has its own, the client is the forwarded address only behind a trusted proxy, and opening
 * payment orders has one per customer. What a 429 looks like: rate-limit-answers.test.ts.
 */
describe('login and signup share one budget per client', () => {
  it('2 logins + 1 signup use it up; the next login or signup is 429 with { error } and Retry-After', async () => {
    const ip = '10.0.0.1';
    expect((await login(ip)).statusCode).toBe(401);
    expect((await login(ip)).statusCode).toBe(401);
    expect((await signup(ip)).statusCode).toBe(201);
    expectLimited(await login(ip));
    expectLimited(await signup(ip));
  });

  it('counts signups first too: 3 signups then a login is 429', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 3; i++) expect((await signup(ip)).statusCode).toBe(201);
    expectLimited(await login(ip));
  });

  it('counts refused (400) attempts against the budget as well', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: {} });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await login(ip));
  });

  it('a limited request does no work: a signup past the limit makes no account', async () => {
    const ip = '10.0.0.4';
    for (let i = 0; i < 3; i++) await login(ip);
    const email = uniqueEmail('blocked');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: ip,
      payload: { name: 'Blocked', email, phone: '+91 98765 43210', password: 'correct-horse-42' },
    });
    expectLimited(res);
    // From another client the same email is still free.
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: '10.0.0.5',
      payload: { name: 'Blocked', email, phone: '+91 98765 43210', password: 'correct-horse-42' },
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('is per client: another address still has its own budget', async () => {
    expect((await login('10.0.0.6')).statusCode).toBe(401);
  });

  it('does not limit the rest of the API', async () => {
    const ip = '10.0.0.1'; // used up above
    expectLimited(await login(ip));
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/services/main', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me', remoteAddress: ip })).statusCode).toBe(401);
  });
});

describe('the contact form has its own budget', () => {
  it('is not used up by logins, and allows 2 requests a minute per client', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 3; i++) await login(ip);
    expectLimited(await login(ip));

    expect((await contact(ip)).statusCode).toBe(201);
    expect((await contact(ip)).statusCode).toBe(201);
    expectLimited(await contact(ip));
  });

  it('does not use up the login budget', async () => {
    const ip = '10.0.1.2';
    expect((await contact(ip)).statusCode).toBe(201);
    expect((await contact(ip)).statusCode).toBe(201);
    expectLimited(await contact(ip));
    for (let i = 0; i < 3; i++) expect((await login(ip)).statusCode).toBe(401);
    expectLimited(await login(ip));
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  /** A failed login whose X-Forwarded-For names `ip` as the client, sent from `from` (inject's own 127.0.0.1). */
  const loginForwardedFor = (app: TestApp, ip: string, from?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/login',
      ...(from ? { remoteAddress: from } : {}),
      headers: { 'x-forwarded-for': ip },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });

  it('keys the limit on the forwarded client address when the proxy is trusted', async () => {
    const proxied = await createTestApp({ RATE_LIMIT_AUTH: '2', TRUST_PROXY: '1' });
    try {
      const login = (ip: string) => loginForwardedFor(proxied, ip);
      expect((await login('203.0.113.1')).statusCode).toBe(401);
      expect((await login('203.0.113.1')).statusCode).toBe(401);
      expect((await login('203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy still has its own budget.
      expect((await login('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('with the proxies named by address, believes X-Forwarded-For only from them', async () => {
    // `inject` comes from 127.0.0.1 unless told otherwise: here, the load balancer.
    const named = await createTestApp({ RATE_LIMIT_AUTH: '2', TRUST_PROXY: '127.0.0.1, 10.20.0.0/16' });
    try {
      const viaProxy = (ip: string) => loginForwardedFor(named, ip);
      expect((await viaProxy('203.0.113.7')).statusCode).toBe(401);
      expect((await viaProxy('203.0.113.7')).statusCode).toBe(401);
      expect((await viaProxy('203.0.113.7')).statusCode).toBe(429);
      expect((await viaProxy('203.0.113.8')).statusCode).toBe(401);
      // A client that reaches the app directly picks nothing with the header: its own address counts.
      const direct = (forwarded: string) => loginForwardedFor(named, forwarded, '198.51.100.9');
      expect((await direct('203.0.113.50')).statusCode).toBe(401);
      expect((await direct('203.0.113.51')).statusCode).toBe(401);
      expect((await direct('203.0.113.52')).statusCode).toBe(429);
    } finally {
      await named.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted (a client cannot pick a fresh address)', async () => {
    const direct = await createTestApp({ RATE_LIMIT_AUTH: '2' });
    try {
      const login = (ip: string) => loginForwardedFor(direct, ip);
      await login('198.51.100.1');
      await login('198.51.100.2');
      expect((await login('198.51.100.3')).statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

// A Google callback may change an account, and every one makes the guard forget the callers it
// remembers: anyone could call it in a loop, so it spends the sign-in start's budget.
describe('Google sign-in: its start and its callback share one budget per client', () => {
  it('2 starts + 1 callback use it up; the next callback or start is 429', async () => {
    const ip = '10.0.8.1';
    const call = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    // Not configured here: each answer sends the browser back to / (302), and still counts.
    expect((await call('/api/google/login')).statusCode).toBe(302);
    expect((await call('/api/google/login')).statusCode).toBe(302);
    expect((await call('/api/google/callback?state=x&code=y')).statusCode).toBe(302);
    expectLimited(await call('/api/google/callback?state=x&code=y'));
    expectLimited(await call('/api/google/login'));
    // Its own budget: login is not used up.
    expect((await login(ip)).statusCode).toBe(401);
  });
});

// Each order the server opens is a call to the payment provider (Razorpay's Orders API): a customer
// in a loop must not spend the merchant's budget with it, nor fill the payments table.
describe('opening payment orders has a budget per customer', () => {
  it('allows RATE_LIMIT_ORDERS a minute across /order and /order-inprogress, then 429; another customer on the same address is not limited', async () => {
    const draft = await serviceDraft(t);
    const ip = '10.0.9.1';
    const order = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/order',
        remoteAddress: ip,
        headers,
        payload: { amount: 9900, currency: 'INR', ...draftBody(draft) },
      });
    /** An in-progress order for a ticket that does not exist: refused (404), but counted. */
    const inProgressOrder = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/order-inprogress',
        remoteAddress: ip,
        headers,
        payload: { ticketId: '00000000-0000-4000-8000-000000000000' },
      });
    const looping = await signUp(t);
    for (let i = 0; i < 2; i++) expect((await order(looping.headers)).statusCode).toBe(201);
    // An in-progress order attempt counts too (refused here: the ticket does not exist).
    expectError(await inProgressOrder(looping.headers), 404);
    expectLimited(await order(looping.headers));
    expectLimited(await inProgressOrder(looping.headers));

    const other = await signUp(t);
    expect((await order(other.headers)).statusCode).toBe(201);
    // The rest of the customer's API is not limited.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tickets', remoteAddress: ip, headers: looping.headers }))
        .statusCode,
    ).toBe(200);
    // Nobody is limited before they are known: anonymous is 401, not 429.
    expectError(await post(t, '/order', {}), 401);
  });
});
