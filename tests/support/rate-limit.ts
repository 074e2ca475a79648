import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectError, injectNo5xx, mainServices, subServices, uniqueEmail } from './api.js';
import { contactFormBody } from './contact.js';
import { expectSecurityHeaders } from './security-headers.js';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

/**
 * The rate-limited public calls, each from a chosen client address (a describe uses its own, so the
 * budgets of one do not spill into another): a login that fails (for an email of its own), a signup that succeeds, and a
 * valid contact request.
 */
export async function limitedCalls(t: TestApp) {
  const [main] = await mainServices(t.app);
  const [sub] = await subServices(t.app, main!.id);
  const from = (ip: string, url: string, payload: object, headers: Headers = {}) =>
    injectNo5xx(t, { method: 'POST', url, remoteAddress: ip, headers, payload });
  return {
    login: (ip: string, headers?: Headers) =>
      // A new email each time: the per-account lock (10 failures, DECISIONS.md §7.6) stays out of the way.
      from(ip, '/api/login', { email: uniqueEmail('nobody'), password: 'wrong-password-1' }, headers),
    signup: (ip: string) =>
      from(ip, '/api/signup', {
        name: 'Asha',
        email: uniqueEmail('rl'),
        phone: '+91 98765 43210',
        password: 'correct-horse-42',
      }),
    contact: (ip: string, headers?: Headers) =>
      from(
        ip,
        '/api/contact/add',
        contactFormBody(main!.id, sub!.id, {
          email: uniqueEmail('limited'),
          description: 'Screen flickers.',
          urgency: 'Low',
        }),
        headers,
      ),
  };
}

export type LimitedCalls = Awaited<ReturnType<typeof limitedCalls>>;

/** A 429: `{ error }` saying to try again, a Retry-After within the minute, and the security headers. */
export function expectLimited(res: LightMyRequestResponse) {
  expectError(res, 429, /try again/i);
  const retryAfter = Number(res.headers['retry-after']);
  expect(
    Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60,
    `Retry-After ${String(res.headers['retry-after'])}`,
  ).toBe(true);
  expectSecurityHeaders(res);
}
