import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/bootstrap.js';
import { resolveJwtSecret } from './modules/auth/tokens.js';
import { databaseAddress, describeDatabase, describePayments, startupBanner } from './startup-banner.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          poolMax: config.databasePoolMax,
          statementTimeoutMs: config.databaseStatementTimeoutMs,
        }
      : { dataDir: config.dataDir },
  );
  const bootWarnings = await prepareDatabase(database, config).catch((err: unknown) => {
    throw new StartError(
      config.databaseUrl
        ? `cannot reach or prepare the database of DATABASE_URL (${databaseAddress(config.databaseUrl)})`
        : `cannot open or prepare the embedded database in DATA_DIR (${config.dataDir})`,
      err,
    );
  });
  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // server.close() drops only the keep-alive connections idle at that moment: one whose request
    // is still in flight stays open after its answer (the client keeps it for reuse), and close()
    // would wait for it until the grace period ran out. Drop each one as soon as it goes idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then stops the job queue
      clearInterval(sweep);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Fastify logs "Server listening at …" as JSON, once per interface; the banner says it in words,
  // first. The level is back before the first request is read, which is after this resumes.
  const logLevel = app.log.level;
  if (['trace', 'debug', 'info'].includes(logLevel)) app.log.level = 'warn';
  await app
    .listen({ port: config.port, host: config.host })
    .catch((err: unknown) => {
      throw new StartError(`cannot listen on HOST ${config.host}, PORT ${config.port}`, err);
    })
    .finally(() => {
      app.log.level = logLevel;
    });
  if (config.logLevel !== 'silent') process.stdout.write(startupBanner(config, app.server.address() as AddressInfo));
  // The same facts for log collectors; a warning while no real money moves, as in production it is a choice.
  app.log[config.payments.provider === 'test' ? 'warn' : 'info'](
    { url: config.publicUrl, database: describeDatabase(config), payments: describePayments(config) },
    'RemoteFix started',
  );
  for (const warning of bootWarnings) app.log.warn(warning.detail, warning.msg);
}

/** A start-up failure that names the setting behind it, so the message says what to change. */
class StartError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
