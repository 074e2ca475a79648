import pg from 'pg';
import { DEFAULT_POOL_MAX, DEFAULT_STATEMENT_TIMEOUT_MS } from '../config.js';

/**
 * How long the client waits past the statement's own limit before it gives up on the connection:
 * PostgreSQL cancels a statement at statement_timeout and says so (57014); only a connection that
 * does not answer at all is still silent this much later.
 */
const CLIENT_GRACE_MS = 1000;

/** The message pg gives a query that outlived `query_timeout`. */
const READ_TIMEOUT = 'Query read timeout';

/**
 * pg's `query_timeout` fails a query that got no answer in time, but leaves its connection busy
 * with it: the next query on that client (a transaction's ROLLBACK, or whichever request the pool
 * lends it to next) would wait behind it, and time out in turn. A connection that did not answer in
 * time is closed instead, so whatever else was queued on it fails at once and the pool opens a new
 * one. (pg's pool removes a client released with an error; a transaction releases its client
 * without one.)
 */
class DeadlineClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const closeIfSilent = (err: unknown) => {
      if (err instanceof Error && err.message === READ_TIMEOUT) setImmediate(() => void this.end().catch(() => {}));
    };
    // Every form of query: with a callback (pg's pool), or answering a promise (drizzle's transactions).
    this.query = ((...args: unknown[]) => {
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
          closeIfSilent(err);
          (last as (...a: unknown[]) => void)(err, ...rest);
        };
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(closeIfSilent);
      return result;
    }) as pg.Client['query'];
  }
}

export interface PostgresPoolOptions {
  url: string;
  poolMax?: number;
  statementTimeoutMs?: number;
}

/**
 * The app's PostgreSQL pool, with time limits on every call (DECISIONS.md §7.6): the server cancels
 * a statement after `statement_timeout`; the client gives up on a connection that has not answered
 * a second after that (a frozen network path or database, which no server-side limit can end), and
 * on one it cannot open within 5 s; TCP keep-alive finds connections whose other end is gone.
 */
export function postgresPool({ url, poolMax, statementTimeoutMs }: PostgresPoolOptions): pg.Pool {
  const statementTimeout = statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: 5000,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + CLIENT_GRACE_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    Client: DeadlineClient,
  });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/**
 * A connection of its own without the time limits, for the migrations: they wait for another
 * instance's migrations (an advisory lock) and may build an index on a large table.
 */
export function unlimitedPostgresClient(url: string): pg.Client {
  return new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
}
