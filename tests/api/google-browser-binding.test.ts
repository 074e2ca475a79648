import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcLogins } from '../../src/server/db/schema/index.js';
import { GOOGLE_DONE } from '../../src/shared/contracts/auth.js';
import { expectLimited } from '../support/rate-limit.js';
import { googleFlow } from '../support/google-flow.js';
import { startIssuer } from '../support/oidc-issuer.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { uniqueEmail } from '../support/api.js';

// What ties the end of a Google sign-in to the browser that started it, and the start's own limit.
// The flow itself (PKCE, state, nonce, linking) is google.test.ts.

let issuer: Awaited<ReturnType<typeof startIssuer>>;
let t: TestApp;

beforeAll(async () => {
  issuer = await startIssuer();
  t = await createTestApp({ ...issuer.env, RATE_LIMIT_AUTH: '3' });
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

const { approvedCallback, finish } = googleFlow(
  () => t,
  () => issuer,
);

/** Every cookie an answer sets, each as its `Set-Cookie` line. */
const setCookies = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
};

describe('the end of Google sign-in is bound to the browser that started it', () => {
  it('sends /auth/success a one-time value, and gives the same value to this browser in a cookie for that page only', async () => {
    issuer.nextClaims({ email: uniqueEmail('bound'), email_verified: true, name: 'Bound Browser' });
    const res = await finish(await approvedCallback());
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), 'http://x');
    expect(location.pathname).toBe('/auth/success');
    expect(location.searchParams.get('token')).toBeTruthy();
    const done = location.searchParams.get(GOOGLE_DONE.param) ?? '';
    expect(done).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const cookie = setCookies(res).find((c) => c.startsWith(`${GOOGLE_DONE.cookie}=`));
    expect(cookie).toBeDefined();
    const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
    expect(pair).toBe(`${GOOGLE_DONE.cookie}=${done}`);
    const lower = attributes.map((a) => a.toLowerCase());
    expect(lower).toContain(`path=${GOOGLE_DONE.path}`);
    expect(lower).toContain('samesite=lax');
    expect(lower).toContain(`max-age=${GOOGLE_DONE.maxAgeSeconds}`);
    // The page's script reads it; it is no credential on its own.
    expect(lower).not.toContain('httponly');
  });

  it('gives every sign-in a value of its own', async () => {
    const values = new Set<string>();
    for (let i = 0; i < 2; i++) {
      issuer.nextClaims({ email: uniqueEmail('twice'), email_verified: true, name: 'Twice' });
      const res = await finish(await approvedCallback());
      values.add(new URL(String(res.headers.location), 'http://x').searchParams.get(GOOGLE_DONE.param) ?? '');
    }
    expect(values.size).toBe(2);
  });
});

describe('GET /api/google/login is rate-limited per client', () => {
  it('past RATE_LIMIT_AUTH a minute it answers 429 and stores no more sign-ins', async () => {
    const ip = '10.9.0.1';
    const start = () => t.app.inject({ method: 'GET', url: '/api/google/login', remoteAddress: ip });
    await t.database.db.delete(oidcLogins);
    for (let i = 0; i < 3; i++) expect((await start()).statusCode).toBe(302);
    expectLimited(await start());
    expect(await t.database.db.select().from(oidcLogins)).toHaveLength(3);
    // Its own budget: the password login of the same client is not used up by it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(login.statusCode).toBe(401);
  });
});
