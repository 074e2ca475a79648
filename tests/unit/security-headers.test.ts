import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { helmetOptions, securityHeaders } from '../../src/server/plugins/security.js';

/**
 * The security headers are worked out once at start-up (plugins/security.ts) instead of by helmet's
 * middleware on each request. They must be exactly what that middleware sets on a real response, for
 * each deployment's options.
 */
function setByHelmetMiddleware(options: Parameters<typeof helmet>[0]) {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'something');
  let failure: unknown;
  helmet(options)(request, response, (err?: unknown) => {
    failure = err;
  });
  expect(failure).toBeUndefined();
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

const deployments = {
  'the test provider on http': {},
  'Razorpay on https': {
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_abc',
    RAZORPAY_KEY_SECRET: 'secret',
    PUBLIC_URL: 'https://remotefix.example',
  },
};

describe('security headers, worked out once', () => {
  it.each(Object.entries(deployments))('%s: the same headers as helmet sets on each response', (_name, env) => {
    const options = helmetOptions(loadConfig(env));
    const once = securityHeaders(options);
    expect(once).toEqual(setByHelmetMiddleware(options));
    expect(Object.keys(once).length).toBeGreaterThan(10);
    expect(once['x-powered-by']).toBeUndefined();
  });

  it('Razorpay widens the policy for its checkout only', () => {
    const test = securityHeaders(helmetOptions(loadConfig({})))['content-security-policy'];
    const razorpay = securityHeaders(helmetOptions(loadConfig(deployments['Razorpay on https'])))[
      'content-security-policy'
    ];
    expect(test).not.toContain('razorpay');
    expect(razorpay).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(razorpay).toContain('upgrade-insecure-requests');
  });

  it('a policy helmet refuses stops the start, as the plugin did', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self"] } } }),
    ).toThrow();
  });
});
