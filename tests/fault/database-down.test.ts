import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres.js';
import { signUpCustomer } from '../support/server-booking.js';
import { call } from '../support/server-http.js';
import { killAllServers, sleep, startServer } from '../support/server-process.js';

/**
 * PostgreSQL stopped under a steady trickle of requests, then started again: while it is down
 * every request answers 503 with `{ error }` (no 500, no hang), and once it is back the same app
 * process serves again within a few seconds. The PostgreSQL is a private one made with initdb on
 * its own port, so nothing else is disturbed.
 */

const bin = findPostgresBin();
const TICK_MS = 100;
const MAX_LATENCY_MS = 6000; // pg's connection timeout is 5 s; a refused connection fails at once
const RECOVERY_BUDGET_MS = 5000;
const DOWN_MS = 2500;

interface Sample {
  path: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  body?: unknown;
  error?: string;
}

describe('database down under load (a private PostgreSQL)', () => {
  let pg: PrivatePostgres | undefined;
  afterAll(async () => {
    await killAllServers();
    await pg?.destroy();
  });

  it.skipIf(!bin)(
    bin
      ? 'answers 503 { error } while PostgreSQL is stopped (immediate, then fast), and serves again after it returns, with no restart of the app'
      : 'SKIPPED: no initdb under /usr/lib/postgresql/*/bin, so a private PostgreSQL cannot be started here',
    async () => {
      pg = await startPrivatePostgres(bin as string);
      const server = await startServer({ port: 4620, database: { url: pg.url } });
      const pid = server.child.pid;
      const customer = await signUpCustomer(server.url, 'dbdown');
      const first = await call(server.url, 'GET', '/api/tickets', { token: customer.token });
      expect(first.status).toBe(200);

      // One outage: under the trickle (every TICK_MS, one GET /api/tickets with the customer's token
      // and one GET /healthz), stop PostgreSQL, wait, start it again.
      const outage = async (mode: 'immediate' | 'fast') => {
        const samples: Sample[] = [];
        const pending: Promise<void>[] = [];
        const probe = (path: string, token?: string) => {
          const s: Sample = { path, startedAt: Date.now(), endedAt: 0 };
          samples.push(s);
          pending.push(
            call(server.url, 'GET', path, { token, timeoutMs: 15_000 }).then(
              (res) => {
                s.endedAt = Date.now();
                s.status = res.status;
                s.body = res.body;
              },
              (err: Error) => {
                s.endedAt = Date.now();
                s.error = `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}`;
              },
            ),
          );
        };
        let trickling = true;
        const trickle = (async () => {
          while (trickling) {
            probe('/api/tickets', customer.token);
            probe('/healthz');
            await sleep(TICK_MS);
          }
        })();

        await sleep(1000);
        const stopBegan = Date.now();
        await (pg as PrivatePostgres).stop(mode);
        const stopped = Date.now();
        await sleep(DOWN_MS);
        const startBegan = Date.now();
        await (pg as PrivatePostgres).start();
        const started = Date.now();
        // Until both endpoints have answered 200 again (bounded), then two more seconds of steady traffic.
        const recoveryDeadline = started + 15_000;
        const recoveredAt = () => {
          const ok = (path: string) =>
            samples.find((s) => s.path === path && s.startedAt >= started && s.status === 200)?.endedAt;
          const a = ok('/api/tickets');
          const b = ok('/healthz');
          return a && b ? Math.max(a, b) : undefined;
        };
        while (!recoveredAt() && Date.now() < recoveryDeadline) await sleep(50);
        await sleep(2000);
        trickling = false;
        await trickle;
        await Promise.all(pending);

        const recovered = recoveredAt();
        const during = samples.filter((s) => s.startedAt >= stopped && s.endedAt <= startBegan);
        const statuses = (list: Sample[]) =>
          list.reduce<Record<string, number>>(
            (m, s) => ((m[s.status ?? s.error ?? '?'] = (m[s.status ?? s.error ?? '?'] ?? 0) + 1), m),
            {},
          );
        const slowest = Math.max(...samples.map((s) => s.endedAt - s.startedAt));
        console.log(
          `[database-down ${mode}] private PostgreSQL on ${(pg as PrivatePostgres).port}; ${samples.length} requests; ` +
            `stop took ${stopped - stopBegan} ms, start ${started - startBegan} ms; while down: ${JSON.stringify(statuses(during))}; ` +
            `serving again ${recovered ? recovered - started : 'never'} ms after PostgreSQL was back; slowest answer ${slowest} ms; ` +
            `all: ${JSON.stringify(statuses(samples))}`,
        );

        // Never a connection error, never a 500: 200 or 503, and every 503 is exactly { error }.
        const bad = samples.filter((s) => s.error || (s.status !== 200 && s.status !== 503));
        expect(bad, `${mode}: answers other than 200 or 503`).toEqual([]);
        for (const s of samples.filter((x) => x.status === 503)) {
          expect(Object.keys(s.body as object), `${mode}: ${s.path} 503 body`).toEqual(['error']);
          expect(typeof (s.body as { error: unknown }).error).toBe('string');
        }
        // No hang: every answer within a few seconds.
        expect(slowest, `${mode}: slowest answer (ms)`).toBeLessThan(MAX_LATENCY_MS);
        // While it was down, both endpoints answered 503, and nothing else.
        for (const path of ['/api/tickets', '/healthz']) {
          const down = during.filter((s) => s.path === path);
          expect(down.length, `${mode}: ${path} requests while PostgreSQL was down`).toBeGreaterThanOrEqual(5);
          expect(
            down.every((s) => s.status === 503),
            `${mode}: ${path} while down: ${JSON.stringify(statuses(down))}`,
          ).toBe(true);
        }
        // Back within a few seconds, and steady after that.
        expect(recovered, `${mode}: both endpoints answered 200 again`).toBeDefined();
        expect((recovered as number) - started).toBeLessThan(RECOVERY_BUDGET_MS);
        const after = samples.filter((s) => s.startedAt > (recovered as number));
        expect(after.length).toBeGreaterThan(10);
        expect(
          after.every((s) => s.status === 200),
          `${mode}: after recovery: ${JSON.stringify(statuses(after))}`,
        ).toBe(true);
      };

      // A crash-like stop first, then a clean one (which ends the backends with 57P01).
      await outage('immediate');
      await outage('fast');
      const tickets = await call<{ tickets: unknown[] }>(server.url, 'GET', '/api/tickets', {
        token: customer.token,
      });
      expect(tickets.status).toBe(200);
      expect(Array.isArray(tickets.body.tickets)).toBe(true);

      // The same process all along, still running, and it still shuts down cleanly.
      expect(server.running()).toBe(true);
      expect(server.child.pid).toBe(pid);
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    },
  );
});
