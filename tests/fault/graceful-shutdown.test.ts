import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/server-booking.js';
import { type Answer, call, freshConnectionGet } from '../support/server-http.js';
import { killAllServers, sleep, startServer } from '../support/server-process.js';

/**
 * SIGTERM while requests are in flight (src/server/main.ts): each finishes with its normal answer,
 * a new connection is refused (or answered 503), the process exits 0, and what the in-flight
 * requests wrote is in the database afterwards.
 *
 * Two kinds of in-flight work: a burst of logins (argon2, CPU-bound) that the server has all
 * received when SIGTERM is sent, and a few logins and signups whose bodies are still being
 * uploaded at SIGTERM and only complete 1.5 s later, so the server is certainly still draining
 * when the new connection is tried. Both kinds use keep-alive connections, as browsers and load
 * balancers do.
 */

const LOGINS = 40;
/**
 * Logins for one email count against its lock until each succeeds (src/server/modules/auth/
 * login-throttle.ts): more than 10 in flight at once for one account answer 429 by design, so the
 * burst is spread over accounts, and the slow logins have an account of their own.
 */
const LOGINS_PER_ACCOUNT = 8;
const SLOW_LOGINS = 3;
const SLOW_SIGNUPS = 3;
const UPLOAD_REST_AFTER_MS = 1500;
const PASSWORD = 'correct-horse-42';

/** Requests the server has logged as received ("incoming request") whose URL starts with `prefix`. */
function received(log: string, prefix: string): number {
  let n = 0;
  for (const line of log.split('\n')) {
    if (!line.includes('"incoming request"')) continue;
    try {
      const entry = JSON.parse(line) as { req?: { url?: string } };
      if (entry.req?.url?.startsWith(prefix)) n++;
    } catch {
      // a partial line: counted once it is whole
    }
  }
  return n;
}

interface SlowAnswer {
  status: number;
  connection: string | undefined;
  body: { token?: string };
}

/** A POST whose body is sent in two halves: the second only once `release` resolves. */
function slowPost(
  port: number,
  path: string,
  body: unknown,
  agent: Agent,
  release: Promise<void>,
): Promise<SlowAnswer> {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': bytes.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              connection: res.headers.connection,
              body: JSON.parse(text) as { token?: string },
            });
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.write(bytes.subarray(0, half));
    void release.then(() => req.end(bytes.subarray(half)));
  });
}

describe('graceful shutdown on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rf-fault-shutdown-'));
  const agent = new Agent({ keepAlive: true });
  afterAll(async () => {
    agent.destroy();
    await killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, refuses new connections, exits 0', async () => {
    // info level: the server logs each request as it arrives, so SIGTERM waits until all are in.
    const server = await startServer({
      port: 4610,
      database: { dataDir },
      env: { LOG_LEVEL: 'info' },
    });
    const customers = await Promise.all(
      Array.from({ length: LOGINS / LOGINS_PER_ACCOUNT + 1 }, () => signUpCustomer(server.url, 'shutdown')),
    );
    const slowLoginCustomer = customers[customers.length - 1]!;

    let releaseUploads: () => void = () => {};
    const uploadsReleased = new Promise<void>((r) => (releaseUploads = r));
    let settled = 0;
    const track = <T>(p: Promise<T>) =>
      p.finally(() => {
        settled++;
      });
    const slowLogins = Array.from({ length: SLOW_LOGINS }, (_, i) =>
      track(
        slowPost(
          server.port,
          `/api/login?inflight=login${i}`,
          { email: slowLoginCustomer.email, password: PASSWORD },
          agent,
          uploadsReleased,
        ),
      ),
    );
    const newEmails = Array.from({ length: SLOW_SIGNUPS }, (_, i) => `shutdown.new.${Date.now()}.${i}@example.com`);
    const slowSignups = newEmails.map((email, i) =>
      track(
        slowPost(
          server.port,
          `/api/signup?inflight=signup${i}`,
          { name: 'In Flight', email, phone: '+91 98765 43210', password: PASSWORD },
          agent,
          uploadsReleased,
        ),
      ),
    );
    const logins = Array.from({ length: LOGINS }, (_, i) =>
      track(
        call<{ token?: string }>(server.url, 'POST', '/api/login?burst', {
          body: { email: customers[Math.floor(i / LOGINS_PER_ACCOUNT)]!.email, password: PASSWORD },
        }),
      ),
    );
    const total = LOGINS + SLOW_LOGINS + SLOW_SIGNUPS;

    const deadline = Date.now() + 20_000;
    while (
      received(server.log(), '/api/login?burst') < LOGINS ||
      received(server.log(), '/api/login?inflight') < SLOW_LOGINS ||
      received(server.log(), '/api/signup?inflight') < SLOW_SIGNUPS
    ) {
      if (Date.now() > deadline)
        throw new Error(`the server did not receive all ${total} requests:\n${server.log().slice(-3000)}`);
      await sleep(5);
    }
    const inFlightAtSigterm = total - settled;
    const sigtermAt = Date.now();
    server.child.kill('SIGTERM');

    // New work after SIGTERM, while the uploads are still in flight.
    await sleep(200);
    const fresh = await freshConnectionGet(server.port, '/healthz');
    let pooled: string;
    try {
      const res = await call(server.url, 'GET', '/api/admin/services/main', { timeoutMs: 5000 });
      pooled = `HTTP ${res.status}`;
    } catch (err) {
      pooled = `connection error (${((err as Error).cause as { code?: string } | undefined)?.code ?? (err as Error).message})`;
    }
    const inFlightAtProbe = total - settled;
    const runningAtProbe = server.running();

    const releaseIn = UPLOAD_REST_AFTER_MS - (Date.now() - sigtermAt);
    await sleep(Math.max(0, releaseIn));
    releaseUploads();

    const all = <T>(ps: Promise<T>[]) => Promise.all(ps.map((p) => p.catch((err: Error) => err)));
    const [loginAnswers, slowLoginAnswers, slowSignupAnswers] = await Promise.all([
      all(logins),
      all(slowLogins),
      all(slowSignups),
    ]);
    const exit = await server.exited;
    const exitAfterMs = Date.now() - sigtermAt;

    console.log(
      `[graceful-shutdown] ${inFlightAtSigterm}/${total} requests in flight at SIGTERM, ${inFlightAtProbe} at the probe ` +
        `(process running: ${runningAtProbe}); new connection: ${fresh.status ? `HTTP ${fresh.status}` : fresh.error}; ` +
        `request on a pooled connection: ${pooled}; exit ${JSON.stringify(exit)} ${exitAfterMs} ms after SIGTERM ` +
        `(the last uploads completed at ${UPLOAD_REST_AFTER_MS} ms)`,
    );

    // The probe ran while the server was still draining.
    expect(runningAtProbe).toBe(true);
    expect(inFlightAtProbe).toBeGreaterThanOrEqual(SLOW_LOGINS + SLOW_SIGNUPS);
    // New work is turned away: a refused connection, or a 503.
    if (fresh.status !== undefined) expect(fresh.status).toBe(503);
    else expect(fresh.error).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
    expect(pooled).toMatch(/^(HTTP 503|connection error)/);

    // Every in-flight request finished with its normal answer.
    for (const a of loginAnswers) {
      if (a instanceof Error) throw new Error(`an in-flight login failed: ${a.message}`);
      expect((a as Answer<{ token?: string }>).status).toBe(200);
      expect(typeof (a as Answer<{ token?: string }>).body.token).toBe('string');
    }
    for (const [answers, status] of [
      [slowLoginAnswers, 200],
      [slowSignupAnswers, 201],
    ] as const) {
      for (const a of answers) {
        if (a instanceof Error) throw new Error(`an in-flight upload failed: ${a.message}`);
        expect(a.status).toBe(status);
        expect(typeof a.body.token).toBe('string');
      }
    }
    // Exit 0, on its own, once the last answer was out (not at the end of the 10 s grace period).
    expect(exit, server.log().slice(-3000)).toEqual({ code: 0, signal: null });
    expect(server.log()).not.toContain('shutdown timed out');
    expect(exitAfterMs).toBeLessThan(8000);

    // The database was closed cleanly after the last request: the signups made during the drain are there.
    const db = new PGlite(join(dataDir, 'pglite'));
    try {
      const { rows } = await db.query<{ email: string }>('select email from users where email = any($1)', [newEmails]);
      expect(rows.map((r) => r.email).sort()).toEqual([...newEmails].sort());
    } finally {
      await db.close();
    }
  });
});
