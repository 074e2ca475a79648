import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { onCatalogueChange } from './events/catalogue-notices.js';
import { appJobs } from './jobs/app-jobs.js';
import { createJobs } from './jobs/queue.js';
import type { ZodApp } from './lib/http.js';
import { errorForLog, requestForLog } from './lib/logging.js';
import { googleRoutes } from './modules/auth/google-routes.js';
import { passwordRoutes } from './modules/auth/password-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { createTokenService } from './modules/auth/tokens.js';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { publicCatalogue } from './modules/catalogue/service.js';
import { contactRoutes } from './modules/contacts/routes.js';
import { conversationRoutes } from './modules/conversation/routes.js';
import { databaseViewerRoutes } from './modules/database-viewer/routes.js';
import { emailAttachments } from './modules/email/attachments.js';
import { createNotices } from './modules/email/notices.js';
import { createOutbox } from './modules/email/outbox.js';
import { emailRoutes } from './modules/email/routes.js';
import { createMailTransport } from './modules/email/transport.js';
import { unsubscribeTokens } from './modules/email/unsubscribe.js';
import { eventRoutes } from './modules/events/routes.js';
import { createEventStreams } from './modules/events/streams.js';
import { healthRoutes } from './modules/health/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { createPaymentProvider } from './modules/payments/providers/index.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { webhookRoutes } from './modules/payments/webhook-routes.js';
import { receiptRoutes } from './modules/receipts/routes.js';
import { ratingRoutes } from './modules/ratings/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { ticketRoutes } from './modules/tickets/routes.js';
import { ticketExportRoutes } from './modules/tickets/export-routes.js';
import { staffTicketRoutes } from './modules/tickets/staff-routes.js';
import { userRoutes } from './modules/users/routes.js';
import { authPlugin, requireAccessDeclarations } from './plugins/auth.js';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';

export interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Test seams: point the Razorpay SDK at a local stand-in. */
  overrides?: { razorpayApiUrl?: string };
}

/** Builds the whole app without listening, so tests build exactly what production runs. */
export async function buildApp({ config, database, jwtSecret, logger, overrides }: AppOptions): Promise<ZodApp> {
  const app = Fastify({
    // Request lines never keep a credential from the address, nor error lines a value a user sent
    // (lib/logging.ts).
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: { req: requestForLog, err: errorForLog },
          },
    bodyLimit: 100 * 1024,
    // A request whose body never finishes is answered 408 and its connection closed (config.ts).
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node ignores a request limit shorter than its limit for the headers (60 s unless told).
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      // How often Node looks for requests past their limit (every 30 s unless told).
      connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutMs / 4),
    },
    // Only the configured proxies are believed about the client's address (rate limits key on it):
    // the load balancers by address, or as many hops as configured.
    trustProxy: trustedProxies(config.trustProxy),
    // Requests that arrive while closing get our own { error } 503 (the hook below), not Fastify's.
    return503OnClosing: false,
    // Router-level refusals (bad percent-encoding, over-long params) answer `{ error }` too.
    frameworkErrors,
    // Requests Node's HTTP parser refuses (not HTTP, a bad header or chunk): `{ error }` too, not Fastify's body.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses: checked against the route's zod schema and written from zod's output (only the fields it names).
  app.setSerializerCompiler(serializerCompiler);

  const db = database.db;
  const tokens = createTokenService(jwtSecret);
  const provider = createPaymentProvider(config, jwtSecret, overrides);
  // Email (DECISIONS.md §7.3): one SMTP transport for the process, none without SMTP_URL (every email
  // is then kept for admins to read). Services write emails through `notices` inside their own
  // transactions; each email's send job is enqueued in that same transaction.
  const transport = createMailTransport(config.mail);
  if (!transport && config.env === 'production') {
    app.log.warn('SMTP_URL is not set: no email is sent (admins read them in the Outgoing email tab)');
  }
  // A server that cannot be reached or refuses the login does not stop the start (emails wait and are
  // retried, and the SMTP server may come back first), but it is said at once rather than at the
  // first email's failure.
  if (transport && config.env === 'production') {
    app.addHook('onReady', async () => {
      transport.verify().catch((err: unknown) => app.log.warn({ err }, 'SMTP_URL cannot be used now: emails wait'));
    });
  }
  // Left at its default (or a local address), every link the service hands out points at this machine.
  if (config.env === 'production' && /^https?:\/\/(localhost|127\.|\[::1\])/i.test(config.publicUrl)) {
    app.log.warn(
      `PUBLIC_URL is ${config.publicUrl}: links in emails, the sitemap and canonical links point there; set it to the site's public address`,
    );
  }
  const enqueueEmail = (tx: Db, emailId: string) => jobs.enqueue(tx, 'email.send', { emailId });
  const unsubscribe = unsubscribeTokens(jwtSecret);
  const notices = createNotices({
    config,
    outbox: createOutbox({ sending: transport !== null, enqueue: enqueueEmail }),
    unsubscribe,
  });
  const email = {
    db,
    transport,
    domain: config.mail.from.address.split('@')[1] ?? 'localhost',
    attachments: emailAttachments(app.log),
    mail: config.mail,
  };
  // The job queue runs while the app is up, and stops after the last request (onClose).
  const jobs = createJobs(database.openJobsConnection(), app.log, appJobs({ database, db, provider, notices, email }));

  await app.register(errorHandlerPlugin);
  // Shutting down: requests already running finish; a new one (e.g. on a kept-alive connection)
  // is told to come back, in the API's own error shape, and its connection is not kept.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply
        .status(503)
        .header('Connection', 'close')
        .header('Retry-After', '5')
        .send({ error: 'The server is restarting. Please try again in a moment.' });
    }
  });
  // Live events: open streams end first when closing, so they do not hold the drain of requests.
  const streams = createEventStreams({ db, listener: database.listener, log: app.log });
  await streams.start();
  app.addHook('preClose', async () => streams.endAll());
  // The operators' sign that this instance stopped hearing the database's notifications (its open
  // streams end and reconnect, its callers are loaded afresh), and that it hears them again: both
  // warnings, so that a log read at that level shows how long it lasted.
  const { listener } = database;
  const offGap = listener.onGap(() =>
    listener.live
      ? app.log.warn('live updates back: the database’s notifications are heard again')
      : app.log.warn('live updates interrupted: the connection that hears the database’s notifications was lost'),
  );
  app.addHook('onClose', async () => offGap());
  app.addHook('onClose', async () => streams.stop());
  await app.register(cookie);
  await app.register(securityPlugin, { config, db });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { db, listener: database.listener, tokens });

  // The first segment of every API path (`api`, `order-inprogress`, `webhooks`, …): an unknown
  // address under one of them is answered in the API's `{ error }` shape, never with the 404 page.
  const apiRoots = new Set<string>();
  await app.register(async (api: ZodApp) => {
    requireAccessDeclarations(api);
    api.addHook('onRoute', (route) => void apiRoots.add(route.url.split('/')[1] ?? ''));
    await healthRoutes(api, { database });
    await authRoutes(api, { db, tokens, config, notices });
    await passwordRoutes(api, { db, tokens, config, notices });
    await googleRoutes(api, { db, tokens, config });
    await catalogueRoutes(api, { db });
    await contactRoutes(api, { db, config, notices });
    await ticketRoutes(api, { db, notices, writesPerMinute: config.rateLimit.writes });
    await staffTicketRoutes(api, { db, notices });
    await receiptRoutes(api, { db });
    await conversationRoutes(api, { db, notices, writesPerMinute: config.rateLimit.writes });
    await userRoutes(api, { db, notices });
    await eventRoutes(api, { streams, perAccount: config.eventStreamsPerAccount });
    await catalogueAdminRoutes(api, { db });
    await databaseViewerRoutes(api, { db });
    await jobRoutes(api, { db });
    await emailRoutes(api, { db, unsubscribeTokens: unsubscribe, enqueue: enqueueEmail });
    await reportRoutes(api, { db });
    await ratingRoutes(api, { db });
    await ticketExportRoutes(api, { db });
    await paymentRoutes(api, { db, provider, notices, ordersPerMinute: config.rateLimit.orders });
    await api.register(async (webhooks: ZodApp) => webhookRoutes(webhooks, { db, provider, notices }));
  });

  // The marketing pages show the catalogue, and every instance renders them again when it changes.
  const catalogue = {
    load: () => publicCatalogue(db),
    onChange: (handler: () => void) => onCatalogueChange(database.listener, handler),
  };
  await app.register(webPlugin, { config, apiRoots, catalogue });
  await jobs.start();
  app.addHook('onClose', async () => jobs.stop());
  // After the queue: no send is running any more.
  app.addHook('onClose', async () => transport?.close());
  return app;
}

function trustedProxies(trust: Config['trustProxy']) {
  if (Array.isArray(trust)) return trust;
  return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
}
