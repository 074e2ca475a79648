import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Throwaway databases on a shared PostgreSQL server: the API tests' (test-app.ts) and the fault tests'. */

/** A fresh, empty database on TEST_DATABASE_URL's server; `drop()` removes it (with force). */
export async function freshPostgresDatabase(
  base: string,
  prefix = 'rf_fault',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
