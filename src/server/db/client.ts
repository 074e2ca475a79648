import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type AutovacuumOptions, type AutovacuumPass, autovacuumPass } from './autovacuum.js';
import { type DataDirLock, lockDataDir } from './data-dir.js';
import { type JobsConnection, pgliteJobsConnection, postgresJobsConnection } from './jobs-connection.js';
import { type Listener, pgliteListener, postgresListener } from './listener.js';
import { type PostgresPoolOptions, postgresPool, unlimitedPostgresClient } from './postgres-pool.js';
import { takingTurns } from './pglite-turns.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database handle every query function takes: PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * One pass of the upkeep PostgreSQL's autovacuum does: on PGlite, which has no autovacuum worker,
   * vacuums and analyses the tables that need it (`autovacuum.ts`; a scheduled job runs it every
   * minute, `db/jobs.ts`); on PostgreSQL nothing, as its own autovacuum does this.
   */
  maintain(options?: AutovacuumOptions): Promise<AutovacuumPass>;
  /** The database's notifications (LISTEN/NOTIFY): what reaches every instance once it commits. */
  listener: Listener;
  /** A connection of the job queue's own (pg-boss), closed by whoever opens it (`jobs/queue.ts`). */
  openJobsConnection(): JobsConnection;
  close(): Promise<void>;
}

export type DatabaseTarget = PostgresPoolOptions | { dataDir: string } | { memory: true };

/**
 * PGlite keeps PostgreSQL's default 128 MB buffer pool inside its WebAssembly heap, which never
 * gives memory back: the pool filled page by page as data was read and written, so the server's
 * memory kept rising for as long as it ran under load. A 32 MB pool fills early and then stays
 * flat, so the process needs less memory overall, and reads lose nothing that matters: the
 * operating system caches the data files anyway.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** pg_trgm: the ticket search's indexes (migration 0014), which PostgreSQL has from its contrib. */
const PGLITE_EXTENSIONS = { pg_trgm };

/** The migrations folder, found from this file so it works from src/ (tsx) and dist/ (node). */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Could not find the drizzle migrations folder');
}

// Serialises migrations across instances that start at the same time on one PostgreSQL.
const MIGRATION_LOCK = 727_001;

export function openDatabase(target: DatabaseTarget): Database {
  if ('url' in target) {
    const pool = postgresPool(target);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listener = postgresListener(target.url);
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = unlimitedPostgresClient(target.url);
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          await client.end().catch(() => {});
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      maintain: async () => ({ ran: [] }),
      openJobsConnection: () => postgresJobsConnection(target.url),
      listener,
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let dataDirLock: DataDirLock | undefined;
  if ('dataDir' in target) {
    // First, before PGlite touches the folder: a second process on it refuses to start (data-dir.ts).
    dataDirLock = lockDataDir(target.dataDir);
    const dir = resolve(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  }
  const turns = takingTurns(client);
  const db = drizzlePglite({ client: turns as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    async ping() {
      await client.query('select 1');
    },
    maintain: (options) => autovacuumPass(turns, options),
    openJobsConnection: () => pgliteJobsConnection(turns),
    listener: pgliteListener(client),
    async close() {
      await client.close();
      dataDirLock?.release();
    },
  };
}
