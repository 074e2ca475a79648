/**
 * The ceiling for GET /api/tickets: a bare Fastify server in its own process that runs exactly the
 * statement the app runs for the measured customer's first page (handed over in CEILING_NAME /
 * CEILING_SQL / CEILING_PARAMS, taken from the app's prepared query), on the same driver and pool size
 * as the app, with no auth, no validation, no serialisation schema: rows straight to JSON.
 *
 * On PostgreSQL it is the same named prepared statement the app uses (parsed once per connection).
 * PGlite has no named statements: drizzle's PGlite driver sends the text on each query, as this does.
 *
 * Each other list's own statement can be added once the bench knows it (`PUT /ceiling/:key`, with
 * `{ name, text, values }`), and is then run the same way at `GET /ceiling/:key`: the same bare route
 * for that list's own SQL, which the bench prints beside the target's ratio for information.
 *
 * A request that runs several statements (the conversation's, run-messages.ts) is added as a sequence
 * (`PUT /sequence/:key`, with `{ statements }`: the app's own statements in its order, its `begin` and
 * `commit` included) and run at `GET` or `POST /sequence/:key` on one connection, one after another.
 *
 * Env: PORT, CEILING_NAME, CEILING_SQL, CEILING_PARAMS (JSON array), and DATABASE_URL (pg) or DATA_DIR (PGlite).
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import { DEFAULT_POOL_MAX } from '../../src/server/config.js';

const name = process.env.CEILING_NAME || undefined;
const text = process.env.CEILING_SQL ?? '';
const params = JSON.parse(process.env.CEILING_PARAMS ?? '[]') as unknown[];
if (!text) throw new Error('CEILING_SQL is required');

interface Statement {
  name: string | undefined;
  text: string;
  values: unknown[];
}

let query: (s: Statement) => Promise<unknown[]>;
/** Each statement's rows, run in order on one connection. */
let sequence: (statements: Statement[]) => Promise<unknown[][]>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  // The app's pool size (the bench runs the app on its default).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: DEFAULT_POOL_MAX });
  query = async (s) => (await pool.query({ ...s, rowMode: 'array' })).rows;
  sequence = async (statements) => {
    const client = await pool.connect();
    try {
      const out: unknown[][] = [];
      for (const s of statements) out.push((await client.query({ ...s, rowMode: 'array' })).rows);
      return out;
    } finally {
      client.release();
    }
  };
  close = () => pool.end();
} else {
  const db = new PGlite(join(process.env.DATA_DIR ?? './data', 'pglite'));
  await db.waitReady;
  query = async (s) => (await db.query(s.text, s.values, { rowMode: 'array' })).rows;
  sequence = async (statements) => {
    const out: unknown[][] = [];
    for (const s of statements) out.push((await db.query(s.text, s.values, { rowMode: 'array' })).rows);
    return out;
  };
  close = () => db.close();
}

const main: Statement = { name, text, values: params };
const others = new Map<string, Statement>();
const sequences = new Map<string, Statement[]>();

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get('/ceiling', async () => ({ rows: await query(main) }));
app.put<{ Params: { key: string }; Body: Statement }>('/ceiling/:key', async (request) => {
  const { name: n, text: t, values } = request.body;
  others.set(request.params.key, { name: n || undefined, text: t, values });
  return { ok: true };
});
app.get<{ Params: { key: string } }>('/ceiling/:key', async (request, reply) => {
  const statement = others.get(request.params.key);
  return statement ? { rows: await query(statement) } : reply.code(404).send({ error: 'no such statement' });
});

app.put<{ Params: { key: string }; Body: { statements: Statement[] } }>('/sequence/:key', async (request) => {
  sequences.set(
    request.params.key,
    request.body.statements.map((s) => ({ name: s.name || undefined, text: s.text, values: s.values })),
  );
  return { ok: true };
});
const runSequence = async (key: string, reply: FastifyReply) => {
  const statements = sequences.get(key);
  return statements ? { results: await sequence(statements) } : reply.code(404).send({ error: 'no such sequence' });
};
app.get<{ Params: { key: string } }>('/sequence/:key', (request, reply) => runSequence(request.params.key, reply));
app.post<{ Params: { key: string } }>('/sequence/:key', (request, reply) => runSequence(request.params.key, reply));

const shutdown = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 4501), host: '127.0.0.1' });
