/**
 * The bench's child processes: spawning node with a clean RemoteFix environment, keeping the last lines
 * each printed, killing them all when this process ends, waiting for one to be ready, and the
 * production server itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  JWT_SECRET,
  ROOT,
  SERVER_ENTRY,
  SERVER_NODE_FLAGS,
  sleep,
  type Target,
} from './lib.js';

const children = new Set<ChildProcess>();
let cleanupRegistered = false;

/** Every child dies with this process: on a normal exit, an error, Ctrl-C or SIGTERM. */
export function registerCleanup(onSignal?: () => void) {
  if (cleanupRegistered) return;
  cleanupRegistered = true;
  const killAll = () => {
    for (const child of children) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the child processes`);
      killAll();
      onSignal?.();
      process.exit(130);
    });
  }
}

/** The environment for a child: ours minus every RemoteFix setting, plus the given ones. */
export function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'PORT',
    'HOST',
    'PUBLIC_URL',
    'DATABASE_URL',
    'DATABASE_POOL_MAX',
    'DATA_DIR',
    'JWT_SECRET',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'ADMIN_NAME',
    'PAYMENT_PROVIDER',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_ISSUER',
    'RATE_LIMIT_AUTH',
    'RATE_LIMIT_CONTACT',
    'RATE_LIMIT_ORDERS',
    'RATE_LIMIT_WRITES',
    'LOG_LEVEL',
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_RETRY_LIMIT',
    'MAIL_RETRY_DELAY',
    'NODE_ENV',
    'NODE_OPTIONS',
  ]) {
    delete env[key];
  }
  return { ...env, ...vars };
}

export interface Child {
  name: string;
  pid: number;
  /** The last lines it printed. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export function spawnNode(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new Error(`could not start ${name}`);
  children.add(proc);
  const lines: string[] = [];
  const collect = (data: Buffer) => {
    lines.push(...data.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  let done = false;
  const exited = new Promise<number | null>((res) => {
    proc.on('exit', (code, signal) => {
      done = true;
      children.delete(proc);
      res(code ?? (signal ? 128 : null));
    });
  });
  return {
    name,
    pid: proc.pid,
    output: () => lines.join('\n'),
    exited,
    async stop() {
      if (done) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; fails early if the child dies. */
export async function waitReady(url: string, child: Child, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void child.exited.then(() => {
    dead = true;
  });
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** The production server on `target`, with rate limits high enough to measure login. */
export async function startServer(target: Target, port: number, extra: Record<string, string> = {}): Promise<Child> {
  const env = childEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET,
    PAYMENT_PROVIDER: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH: '1000000',
    RATE_LIMIT_ORDERS: '1000000',
    RATE_LIMIT_CONTACT: '1000000',
    RATE_LIMIT_WRITES: '1000000',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
    ...extra,
  });
  const child = spawnNode(`server :${port}`, [...SERVER_NODE_FLAGS, SERVER_ENTRY], env);
  await waitReady(`http://127.0.0.1:${port}/healthz`, child);
  return child;
}
