import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The real server as a child process, started from source with tsx (the build may not exist),
 * for the crash and fault tests. Every child started here is tracked so a test's afterEach or
 * afterAll can kill whatever is left, whatever happened.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FAULT_JWT_SECRET = 'fault-test-jwt-secret-that-is-at-least-32-chars';

export type ServerDatabase = { dataDir: string } | { url: string };

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  running(): boolean;
  exited: Promise<ExitInfo>;
  /** SIGKILL, then waits for the process to be gone. */
  kill9(): Promise<ExitInfo>;
  /** SIGTERM, then waits for the exit (SIGKILL after `timeoutMs`, reported as a failure by the caller). */
  stop(timeoutMs?: number): Promise<ExitInfo>;
}

const children = new Set<ServerProcess>();

/** Kills every child server still running (afterEach/afterAll, and on failure). */
export async function killAllServers(): Promise<void> {
  const left = [...children];
  children.clear();
  await Promise.all(left.map((s) => (s.running() ? s.kill9() : s.exited)));
}

// Last resort if the test runner itself goes away: no orphan servers holding the ports.
process.once('exit', () => {
  for (const s of children) if (s.running()) s.child.kill('SIGKILL');
});

/** Resolves true when something accepts TCP connections on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface StartOptions {
  port: number;
  database: ServerDatabase;
  env?: Record<string, string>;
  /** How long to wait for GET /healthz to answer 200. */
  bootTimeoutMs?: number;
}

/** Starts `node --import tsx src/server/main.ts` and waits until GET /healthz answers 200. */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const { port } = opts;
  if (port < 4600 || port > 4699) throw new Error(`fault tests use ports 4600-4699 only, not ${port}`);
  if (await portInUse(port))
    throw new Error(`port ${port} is already in use (a server left over from an earlier run?)`);

  // A clean environment: nothing of the caller's DATABASE_URL, DATA_DIR or NODE_OPTIONS leaks in.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    JWT_SECRET: FAULT_JWT_SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH: '100000',
    RATE_LIMIT_ORDERS: '100000',
    RATE_LIMIT_CONTACT: '100000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...('url' in opts.database ? { DATABASE_URL: opts.database.url } : { DATA_DIR: opts.database.dataDir }),
    ...opts.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let alive = true;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => {
      alive = false;
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      append(Buffer.from(`spawn error: ${err.message}\n`));
      alive = false;
      resolve({ code: null, signal: null });
    });
  });

  const server: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    log: () => output,
    running: () => alive,
    exited,
    async kill9() {
      if (alive) child.kill('SIGKILL');
      const info = await exited;
      children.delete(server);
      return info;
    },
    async stop(timeoutMs = 15_000) {
      if (alive) child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (alive) child.kill('SIGKILL');
      }, timeoutMs);
      const info = await exited;
      clearTimeout(timer);
      children.delete(server);
      return info;
    },
  };
  children.add(server);

  const deadline = Date.now() + (opts.bootTimeoutMs ?? 60_000);
  for (;;) {
    if (!alive) {
      const info = await exited;
      children.delete(server);
      throw new Error(
        `server on port ${port} exited during boot (code ${info.code}, signal ${info.signal}):\n${output}`,
      );
    }
    try {
      const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`server on port ${port} did not become healthy in time:\n${output}`);
    }
    await sleep(150);
  }
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call over fetch; rejects only on a connection error or the timeout. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/**
 * A GET on a brand-new TCP connection (no keep-alive pool), for "is a new connection accepted?".
 * Resolves with the status, or with the connection error's code.
 */
export function freshConnectionGet(
  port: number,
  path: string,
  timeoutMs = 5000,
): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        agent: false,
        headers: { connection: 'close' },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ status: res.statusCode, error: err.code ?? err.message }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error('timeout'));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

export interface Customer {
  id: string;
  email: string;
  token: string;
}

let signups = 0;

/** Signs a customer up through the running server. */
export async function signUpCustomer(base: string, prefix = 'fault'): Promise<Customer> {
  const email = `${prefix}.${Date.now()}.${++signups}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-42';
  const res = await call<{ user: { id: string }; token: string }>(base, 'POST', '/api/signup', {
    body: { name: 'Fault Tester', email, phone: '+91 98765 43210', password },
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email, token: res.body.token };
}

export interface DraftFields {
  mainServiceId: string;
  subServiceId: string;
  description: string;
}

/** A valid booking draft from the seeded catalogue. */
export async function bookingDraft(base: string): Promise<DraftFields> {
  const mains = await call<{ mainServices: { id: string }[] }>(base, 'GET', '/api/admin/services/main');
  for (const main of mains.body.mainServices) {
    const subs = await call<{ subServices: { id: string }[] }>(base, 'GET', `/api/admin/services/${main.id}/sub`);
    const sub = subs.body.subServices[0];
    if (sub)
      return {
        mainServiceId: main.id,
        subServiceId: sub.id,
        description: 'The laptop restarts on its own every few minutes.',
      };
  }
  throw new Error('the seeded catalogue has no sub-services');
}

export const bookingOrderBody = (d: DraftFields) => ({ amount: 9900, currency: 'INR', ...d });

export interface CheckoutAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

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
