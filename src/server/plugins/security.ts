import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

/**
 * What Razorpay's checkout (checkout.js) loads and calls, as Razorpay's own integrations list it:
 * its script and the risk-detection script from its CDN, the payment frames, images from the CDN,
 * and its telemetry. Only sent when Razorpay is the provider.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://checkout.razorpay.com', 'https://api.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
  connect: [
    'https://checkout.razorpay.com',
    'https://api.razorpay.com',
    'https://lumberjack.razorpay.com',
    'https://lumberjack-metrics.razorpay.com',
  ],
};

/**
 * The headers helmet sets for `options`, worked out once. Helmet's middleware sets the same headers on
 * every response when no directive is a function of the request (none here: no nonces), so the
 * answer can carry them as they are. `@fastify/helmet` builds that middleware again for each request,
 * parsing and checking the whole policy every time, work that every answer paid for and that was a
 * visible share of a cheap read's cost.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Helmet's options for this deployment: a strict CSP, widened only for Razorpay's checkout. */
export function helmetOptions(config: Config): HelmetOptions {
  const razorpay = config.payments.provider === 'razorpay';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(razorpay ? RAZORPAY.script : [])],
        // Radix and sonner position popovers and toasts with style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob:: the conversation's image previews, fetched with the bearer token (DECISIONS.md §7.2).
        imgSrc: ["'self'", 'data:', 'blob:', ...(razorpay ? RAZORPAY.img : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(razorpay ? RAZORPAY.connect : [])],
        frameSrc: razorpay ? RAZORPAY.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Razorpay's checkout opens its own window for some banks and UPI apps.
    crossOriginOpenerPolicy: { policy: razorpay ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS makes browsers refuse the site without TLS for a year: only where it is served over https.
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Security headers (helmet's, with a strict CSP) on every answer, and the rate limiter that routes
 * opt into, its counters in the database (a scheduled job deletes the dead ones: db/jobs.ts).
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config, db }: { config: Config; db: Db }) => {
  const headers = securityHeaders(helmetOptions(config));
  // onRequest, early: an answer a later hook or the error handler gives (401, 403, 404, a 503 for a
  // database that is down) carries them too. A route may still set its own (Swagger UI's CSP,
  // /auth/success's Referrer-Policy).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(rateLimit, {
    global: false,
    // Shared by every instance: each limit names its counters with a groupId (rate-limit-store.ts).
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
});
