import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { startIssuer } from './oidc-issuer.js';
import type { TestApp } from './test-app.js';

/** The first cookie an answer sets, as a browser would send it back (`name=value`). */
export const cookieOf = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return first?.split(';')[0] ?? '';
};

/**
 * Google sign-in as a browser goes through it, on a test file's app and issuer (read at each call).
 * Each sign-in comes from a client address of its own, as from another browser: its start and its
 * callback spend that client's budget (RATE_LIMIT_AUTH), which a file may set low to test the limit.
 */
export function googleFlow(app: () => TestApp, oidc: () => Awaited<ReturnType<typeof startIssuer>>) {
  let flows = 0;
  /** Starts a sign-in on the app, lets the issuer approve it, and returns the callback the browser would follow. */
  async function approvedCallback() {
    flows++;
    const remoteAddress = `10.250.${(flows >> 8) & 255}.${flows & 255}`;
    const login = await app().app.inject({ method: 'GET', url: '/api/google/login', remoteAddress });
    expect(login.statusCode).toBe(302);
    const authorize = new URL(String(login.headers.location));
    expect(authorize.origin).toBe(new URL(oidc().url).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const approved = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(String(approved.headers.get('location')));
    expect(callback.pathname).toBe('/api/google/callback');
    return {
      path: `${callback.pathname}${callback.search}`,
      cookie: cookieOf(login),
      remoteAddress,
      state: callback.searchParams.get('state') ?? '',
      nonce: authorize.searchParams.get('nonce') ?? '',
    };
  }

  /** Follows the callback with the cookie the sign-in started with. */
  const finish = (cb: { path: string; cookie: string; remoteAddress?: string }) =>
    app().app.inject({ method: 'GET', url: cb.path, headers: { cookie: cb.cookie }, remoteAddress: cb.remoteAddress });

  return { approvedCallback, finish };
}
