import pg from 'pg';
import type { PgliteQueries } from './pglite-turns.js';

/**
 * The job queue's own way to the database (pg-boss's `db` option): `executeSql(text, values)` answers
 * `{ rows }`. pg-boss sends parameterised statements, and scripts of several statements without
 * parameters (its schema, its migrations, its maintenance), each script inside its own BEGIN … COMMIT;
 * a script's `rows` are those of all its statements.
 */
export interface JobsConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/**
 * On PGlite, through the app's turn-taking client (`pglite-turns.ts`). PGlite's `query` takes one
 * statement, so a script goes to `exec`, inside a transaction of PGlite's own: a script that fails
 * after its BEGIN would otherwise leave PGlite's one session in a failed transaction, where every
 * later query of the app fails too; PGlite's transaction rolls it back before anything else runs.
 * (The script's own BEGIN and COMMIT then only draw a warning: a transaction is already open, then
 * none is.)
 */
export function pgliteJobsConnection(client: PgliteQueries): JobsConnection {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.flatMap((r) => r.rows) };
    },
    close: async () => {},
  };
}

/** On PostgreSQL, a pool of its own, at most 2 connections: polling never waits for the app's requests. */
export function postgresJobsConnection(url: string): JobsConnection {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => {});
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await pool.query(text, values)).rows };
      const client = await pool.connect();
      try {
        // Several statements answer one result each.
        const results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(results) ? results.flatMap((r) => r.rows) : results.rows };
      } catch (err) {
        // A script that failed after its BEGIN leaves the connection in that failed transaction.
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
