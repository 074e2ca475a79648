import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** An answer's Content-Security-Policy, directive by directive (names lower-cased); it must have one. */
export function cspDirectives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = res.headers['content-security-policy'];
  expect(csp, 'Content-Security-Policy is present').toBeTruthy();
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
}
