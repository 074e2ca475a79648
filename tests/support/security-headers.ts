import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cspDirectives } from './csp.js';

/** The headers every answer carries, page or API, success or error. */
export function expectSecurityHeaders(res: LightMyRequestResponse) {
  const directives = cspDirectives(res);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc, 'the CSP governs scripts (script-src or default-src)').toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).not.toContain('*');
  expect(scriptSrc).not.toContain('data:');
  expect(directives.get('object-src') ?? directives.get('default-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), 'no page may be framed').toEqual(["'none'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy'], 'Referrer-Policy is present').toBeTruthy();
  expect(String(res.headers['referrer-policy'])).not.toMatch(/unsafe-url|no-referrer-when-downgrade/);
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers.server).toBeUndefined();
}
