import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import { signUpCustomer } from '../support/server-booking.js';
import { type Answer, call } from '../support/server-http.js';
import { killAllServers, sleep, startServer } from '../support/server-process.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/**
 * A PostgreSQL connection that stops answering without closing (issue 26, item 4: GET /api/me hung
 * for more than 120 s and held one of the pool's four connections). The app reaches PostgreSQL
 * through a TCP proxy on loopback that can freeze: while frozen, every request that needs the
 * database answers 503 `{ error }` with Retry-After within a few seconds (DECISIONS.md §7.6), and
 * once it thaws the same process serves again, its pool whole.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
/** The default limits: a statement 5 s (statement_timeout), a query 6 s on the client. */
const ANSWER_WITHIN_MS = 8000;

async function timed(request: Promise<Answer>): Promise<Answer & { ms: number }> {
  const started = Date.now();
  const answer = await request;
  return { ...answer, ms: Date.now() - started };
}

describe.skipIf(!TEST_DATABASE_URL)(
  TEST_DATABASE_URL
    ? 'a frozen PostgreSQL connection (a fresh database on TEST_DATABASE_URL, through a TCP proxy)'
    : 'a frozen PostgreSQL connection: SKIPPED because TEST_DATABASE_URL is not set',
  () => {
    let proxy: TcpProxy | undefined;
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await killAllServers();
      await proxy?.close();
      await drop?.();
    });

    it('GET /api/me answers 503 within seconds while frozen, and 200 again after, with every pool slot back', async () => {
      const fresh = await freshPostgresDatabase(TEST_DATABASE_URL as string);
      drop = fresh.drop;
      const upstream = new URL(fresh.url);
      proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
      const server = await startServer({ port: 4632, database: { url: proxy.urlFor(fresh.url) } });
      const customer = await signUpCustomer(server.url, 'frozen');
      const get = (path: string) => timed(call(server.url, 'GET', path, { token: customer.token, timeoutMs: 30_000 }));
      const me = () => get('/api/me');
      // Open all four of the pool's connections, so that freezing catches each of them.
      const warm = await Promise.all(Array.from({ length: 8 }, () => me()));
      expect(warm.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 200));

      proxy.freeze();
      // More requests than the pool has connections (4): each of them is stuck on a frozen one, or
      // waits for one; none may hang. Round 0 at once, with a read of the caller's tickets: the guard
      // may still answer who the caller is from memory (auth/caller-cache.ts), not the list. Round 1,
      // seconds later, asks only who the caller is: by then the listener has missed its heartbeat
      // (db/listener.ts), the guard trusts no memory, and its own load meets the frozen connection.
      for (const [round, path] of ['/api/tickets', '/api/me'].entries()) {
        const answers = await Promise.all(Array.from({ length: 6 }, () => get(path)));
        console.log(`[database-frozen] round ${round}: ${answers.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}`);
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(503);
          expect(answer.body).toEqual({ error: expect.stringMatching(/try again/i) as unknown });
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(answer.ms, `round ${round}: answered after ${answer.ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
        }
      }

      proxy.thaw();
      const thawed = Date.now();
      const deadline = Date.now() + 10_000;
      let back = await me();
      while (back.status !== 200 && Date.now() < deadline) {
        await sleep(200);
        back = await me();
      }
      expect(back.status).toBe(200);
      console.log(`[database-frozen] 200 again ${Date.now() - thawed} ms after the thaw`);
      // The whole pool serves again: many at once, all 200, quickly.
      const after = await Promise.all(Array.from({ length: 12 }, () => me()));
      expect(after.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
      expect(Math.max(...after.map((a) => a.ms))).toBeLessThan(3000);
      expect(server.running()).toBe(true);
    });
  },
);
