import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process, started from source with tsx (the build may not exist),
 * for the crash and fault tests. Every child started here is tracked so a test's afterEach or
 * afterAll can kill whatever is left, whatever happened. Talking to it is server-http.ts's; its
 * customers and bookings are server-booking.ts's; a fresh PostgreSQL database for it is
 * fresh-postgres.ts's.
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
    RATE_LIMIT_WRITES: '100000',
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
