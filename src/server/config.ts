import { isIP } from 'node:net';
import { z } from 'zod';
import { LIMITS, PRODUCT_NAME } from '../shared/product.js';
import { isValidGstin } from './lib/gstin.js';
import { passwordProblem } from './lib/password-strength.js';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const port = z.coerce.number().int().min(0).max(65535);

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDR ranges. */
const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: how many proxy hops to believe about the client's address (0 to 10), or which
 * proxies, by address, CIDR range or preset, comma-separated. With a count, whoever reaches the
 * port directly is believed too; with addresses, only the load balancers are.
 */
const trustProxy = z
  .string()
  .trim()
  .default('0')
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (!/^\d+$/.test(value) && entries.every((e) => PROXY_PRESETS.has(e) || isAddressOrRange(e))) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a number of proxy hops (0 to 10), or proxy addresses or CIDR ranges, comma-separated',
    });
    return z.NEVER;
  });
const positiveInt = z.coerce.number().int().min(1).max(1_000_000);

/** SMTP_URL: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an smtp:// or smtps:// URL with a host (smtp://user:pass@host:587)');

/** MAIL_FROM: `address@domain` or `Name <address@domain>`. */
const mailFrom = z.string().transform((value, ctx) => {
  const [, name = '', address = value] = /^(.*?)\s*<([^<>]+)>$/.exec(value) ?? [];
  const checked = z.email().safeParse(address.trim());
  if (!checked.success || /["\r\n]/.test(name)) {
    ctx.addIssue({ code: 'custom', message: 'must be an email address, or a name and <address>' });
    return z.NEVER;
  }
  return { name: name.trim(), address: checked.data };
});

/**
 * PostgreSQL connections one instance may hold (DATABASE_POOL_MAX). A query here takes well under a
 * millisecond, so a few connections keep the database busy; more connections than the database has
 * cores to run them only make its backends take turns on those cores, which costs more than it
 * gives (docs/operations.md, "Connection pool"). Several instances: their pools together should
 * stay near twice the database server's cores (and under its max_connections).
 */
export const DEFAULT_POOL_MAX = 4;
/**
 * Live event streams (GET /api/events) one account may hold open on one instance: a tab holds one,
 * and without a bound one token could open connections until the server has none left.
 */
export const DEFAULT_EVENT_STREAMS_PER_ACCOUNT = 20;

/**
 * The longest one PostgreSQL statement may run (DATABASE_STATEMENT_TIMEOUT_MS). The app's reads and
 * writes take milliseconds; a call that takes seconds is stuck (a lock held elsewhere, a frozen
 * connection), and its request answers 503 instead of hanging (DECISIONS.md §7.6).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * The longest a client may take to send one whole request, body included (REQUEST_TIMEOUT_MS; 408
 * after it). Fastify turns Node's own limit off unless told one: a body that never finishes would
 * hold its connection for good. Two minutes lets a 10 MB attachment through an uplink of about
 * 1 Mbit/s. The headers have at most 60 s of it (app.ts).
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PUBLIC_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_MAX),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_STATEMENT_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(DEFAULT_REQUEST_TIMEOUT_MS),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`).optional(),
    ),
    ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
    PAYMENT_PROVIDER: optionalString.pipe(z.enum(['razorpay', 'test']).optional()),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    SUPPORT_PHONE: z.string().trim().min(1).default('+91 98765 43210'),
    SUPPORT_EMAIL: z.email().default('support@remotefix.in'),
    // The business receipts name (DECISIONS.md §7.4); copied into each receipt as it is issued.
    BUSINESS_NAME: z.string().trim().min(1).max(200).default(PRODUCT_NAME),
    BUSINESS_ADDRESS: optionalString.pipe(z.string().max(500, 'must be at most 500 characters').optional()),
    GSTIN: optionalString.pipe(
      z
        .string()
        .transform((v) => v.toUpperCase())
        .refine(isValidGstin, 'must be a 15-character GSTIN (state code, PAN, entity, Z, check character)')
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(smtpUrl.optional()),
    MAIL_FROM: optionalString.pipe(mailFrom.optional()),
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    MAIL_RETRY_DELAY: z.coerce.number().int().min(1).max(3600).default(30),
    RATE_LIMIT_AUTH: positiveInt.default(20),
    RATE_LIMIT_CONTACT: positiveInt.default(5),
    // Payment orders a customer may open a minute (each one is a call to the provider's Orders API).
    RATE_LIMIT_ORDERS: positiveInt.default(30),
    // What one signed-in account may write a minute that others read or that piles up: messages, its
    // remote session, its profile (one budget for them all).
    RATE_LIMIT_WRITES: positiveInt.default(60),
    EVENT_STREAMS_PER_ACCOUNT: positiveInt.default(DEFAULT_EVENT_STREAMS_PER_ACCOUNT),
    // Behind a load balancer: which proxies to believe about the client address (rate limits use it).
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    // Held to the rule of every password set (DECISIONS.md §7.6): this account can do everything.
    const adminPasswordProblem = env.ADMIN_PASSWORD && passwordProblem(env.ADMIN_PASSWORD, { email: env.ADMIN_EMAIL });
    if (adminPasswordProblem) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: adminPasswordProblem });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    const hasRazorpayKeys = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
    if (env.PAYMENT_PROVIDER === 'razorpay' && !hasRazorpayKeys) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are required when PAYMENT_PROVIDER=razorpay',
      });
    }
    // In production the webhook is how a customer whose browser closed right after paying still
    // gets the ticket (DECISIONS.md §4): Razorpay without it would lose that customer's booking.
    // Live keys take real money whatever NODE_ENV says (`npm start` does not set it).
    const razorpayActive = env.PAYMENT_PROVIDER === 'razorpay' || (!env.PAYMENT_PROVIDER && hasRazorpayKeys);
    const liveKeys = Boolean(env.RAZORPAY_KEY_ID?.startsWith('rzp_live_'));
    if ((env.NODE_ENV === 'production' || liveKeys) && razorpayActive && !env.RAZORPAY_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_WEBHOOK_SECRET'],
        message:
          'is required in production or with live Razorpay keys (the payment.captured webhook makes the ticket when the browser does not come back)',
      });
    }
    // Real money must never silently fall back to the fake provider in production.
    if (env.NODE_ENV === 'production' && !env.PAYMENT_PROVIDER && !hasRazorpayKeys) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'production needs Razorpay keys, or PAYMENT_PROVIDER=test set explicitly',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: the most connections the pool opens. */
  databasePoolMax: number;
  /** PostgreSQL only: the longest a statement may run (the client gives up on its connection a second later). */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  /** Undefined until resolved at boot (generated and kept in DATA_DIR when absent outside production). */
  jwtSecret: string | undefined;
  admin: { email: string; password: string; name: string } | undefined;
  payments: {
    provider: 'razorpay' | 'test';
    razorpayKeyId: string | undefined;
    razorpayKeySecret: string | undefined;
    razorpayWebhookSecret: string | undefined;
  };
  google: { clientId: string | undefined; clientSecret: string | undefined; issuer: string };
  support: { phone: string; email: string };
  /** Who receipts are from: printed on each, as it was when the receipt was issued. */
  business: { name: string; address: string | undefined; gstin: string | undefined };
  /** Outgoing email (DECISIONS.md §7.3). Without `smtpUrl` every email is kept, not sent. */
  mail: {
    smtpUrl: string | undefined;
    from: { name: string; address: string };
    /** Attempts after the first, `retryDelaySeconds` apart, doubled each time. */
    retryLimit: number;
    retryDelaySeconds: number;
  };
  rateLimit: { auth: number; contact: number; orders: number; writes: number };
  /** Open GET /api/events streams one account may hold on one instance (429 beyond). */
  eventStreamsPerAccount: number;
  /** The longest a client may take to send one request, body included (ms). */
  requestTimeoutMs: number;
  /**
   * Whose X-Forwarded-For is believed: a number of proxy hops (0 = the socket's address), or the
   * proxies' addresses, CIDR ranges and presets.
   */
  trustProxy: number | string[];
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value throws a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set": PORT= falls back to its default instead of becoming port 0.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET ? 'razorpay' : 'test'),
      razorpayKeyId: e.RAZORPAY_KEY_ID,
      razorpayKeySecret: e.RAZORPAY_KEY_SECRET,
      razorpayWebhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER },
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL },
    business: { name: e.BUSINESS_NAME, address: e.BUSINESS_ADDRESS, gstin: e.GSTIN },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? { name: PRODUCT_NAME, address: e.SUPPORT_EMAIL },
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY,
    },
    rateLimit: {
      auth: e.RATE_LIMIT_AUTH,
      contact: e.RATE_LIMIT_CONTACT,
      orders: e.RATE_LIMIT_ORDERS,
      writes: e.RATE_LIMIT_WRITES,
    },
    eventStreamsPerAccount: e.EVENT_STREAMS_PER_ACCOUNT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
