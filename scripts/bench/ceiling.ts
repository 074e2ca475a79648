/**
 * The ceiling for GET /api/tickets: a bare Fastify server in its own process that runs exactly the
 * statement the app runs for the measured customer's first page (handed over in CEILING_NAME /
 * CEILING_SQL / CEILING_PARAMS, taken from the app's prepared query), on the same driver and pool size
 * as the app, with no auth, no validation, no serialisation schema: rows straight to JSON.
 *
 * On PostgreSQL it is the same named prepared statement the app uses (parsed once per connection).
 * PGlite has no named statements: drizzle's PGlite driver sends the text on each query, as this does.
 *
 * Env: PORT, CEILING_NAME, CEILING_SQL, CEILING_PARAMS (JSON array), and DATABASE_URL (pg) or DATA_DIR (PGlite).
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const name = process.env.CEILING_NAME || undefined;
const text = process.env.CEILING_SQL ?? '';
const params = JSON.parse(process.env.CEILING_PARAMS ?? '[]') as unknown[];
if (!text) throw new Error('CEILING_SQL is required');

let query: () => Promise<unknown[]>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  // The app's pool: max 20 connections.
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  query = async () => (await pool.query({ name, text, values: params, rowMode: 'array' })).rows;
  close = () => pool.end();
} else {
  const db = new PGlite(join(process.env.DATA_DIR ?? './data', 'pglite'));
  await db.waitReady;
  query = async () => (await db.query(text, params, { rowMode: 'array' })).rows;
  close = () => db.close();
}

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get('/ceiling', async () => ({ rows: await query() }));

const shutdown = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 4501), host: '127.0.0.1' });
