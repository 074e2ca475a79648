import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

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

/** Security headers (with a strict CSP) and the rate limiter that routes opt into. */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const razorpay = config.payments.provider === 'razorpay';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(razorpay ? RAZORPAY.script : [])],
        // Radix and sonner position popovers and toasts with style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(razorpay ? RAZORPAY.img : [])],
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
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
});
