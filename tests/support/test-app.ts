import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import type { Listener } from '../../src/server/db/listener.js';
import { prepareDatabase } from '../../src/server/db/bootstrap.js';
import type { ZodApp } from '../../src/server/lib/http.js';
import { freshPostgresDatabase } from './fresh-postgres.js';
import { RAZORPAY_ENV, type RazorpayStandIn, startRazorpayStandIn } from './razorpay-stand-in.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface TestApp {
  app: ZodApp;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database of the kind this project runs on (TEST_DB): PGlite in memory, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    return { database: openDatabase({ memory: true }), drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const fresh = await freshPostgresDatabase(base, 'rf_test');
  return { database: openDatabase({ url: fresh.url }), drop: fresh.drop };
}

/** Test seams passed through to `buildApp` (see AppOptions.overrides). */
export interface TestAppOverrides {
  /** Base URL (no `/v1`) of a Razorpay stand-in, e.g. `http://127.0.0.1:54321`. */
  razorpayApiUrl?: string;
  /** Collects the app's log, one JSON line per entry, at `warn` and above (the test's own, not buildApp's). */
  logLines?: string[];
  /**
   * Runs the app on this PostgreSQL database (made by the test, which drops it) instead of a fresh one:
   * several apps on one URL are several instances of the service.
   */
  databaseUrl?: string;
  /** Stands between the app and its database's notifications (to delay or drop some). */
  listener?: (real: Listener) => Listener;
}

/**
 * Builds the real app on a real, empty, migrated and seeded database. Rate limits are high unless
 * a test sets them; `env` overrides any variable; `overrides` reach `buildApp` as they are.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: TestAppOverrides = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rf-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_ORDERS: '10000',
    RATE_LIMIT_CONTACT: '10000',
    RATE_LIMIT_WRITES: '10000',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const { logLines, databaseUrl, listener, ...appOverrides } = overrides;
  const opened = databaseUrl
    ? { database: openDatabase({ url: databaseUrl }), drop: async () => {} }
    : await freshDatabase();
  const { drop } = opened;
  const database = listener ? { ...opened.database, listener: listener(opened.database.listener) } : opened.database;
  await prepareDatabase(database, config);
  const app = await buildApp({
    config: logLines ? { ...config, logLevel: 'warn' } : config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    logger: logLines ? { stream: linesStream(logLines) } : false,
    overrides: appOverrides,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app on Razorpay, its API played by a fresh local stand-in (see razorpay-stand-in.ts);
 * closing the app closes the stand-in too.
 */
export async function razorpayTestApp(
  overrides: Omit<TestAppOverrides, 'razorpayApiUrl'> = {},
): Promise<{ t: TestApp; standIn: RazorpayStandIn }> {
  const standIn = await startRazorpayStandIn();
  const t = await createTestApp({ ...RAZORPAY_ENV }, { ...overrides, razorpayApiUrl: standIn.url });
  const closeApp = t.close;
  t.close = async () => {
    await closeApp();
    await standIn.close();
  };
  return { t, standIn };
}

/** A log destination that keeps each line. */
function linesStream(lines: string[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
}
