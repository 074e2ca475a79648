/** Shared by the benchmark and the soak: child processes, database targets, memory sampling, HTTP helpers. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = join(ROOT, 'dist/server/server/main.js');
export const RESULTS_DIR = join(ROOT, 'bench-results');
export const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
export const ADMIN_EMAIL = 'bench-admin@remotefix.test';
export const ADMIN_PASSWORD = 'bench-admin-password-1';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export const openTarget = (t: Target) => (t.kind === 'postgres' ? { url: t.url } : { dataDir: t.dataDir });

// ---- child processes ---------------------------------------------------------------------------

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
    'LOG_LEVEL',
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
    ...extra,
  });
  const child = spawnNode(`server :${port}`, [SERVER_ENTRY], env);
  await waitReady(`http://127.0.0.1:${port}/healthz`, child);
  return child;
}

// ---- PostgreSQL databases ----------------------------------------------------------------------

/** The database a URL names (quoted for SQL), and a client on its server's `postgres` database, closed after `work`. */
async function onServerOf<T>(
  databaseUrl: string,
  work: (client: pg.Client, name: string, quoted: string) => Promise<T>,
): Promise<T> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client, name, `"${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Drops and creates `name` on the server of `serverUrl`; answers the new database's URL. */
export async function freshPgDatabase(serverUrl: string, name: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  await onServerOf(url.toString(), async (client, _name, quoted) => {
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  });
  return url.toString();
}

/** Creates the database of `databaseUrl` if its server does not have it yet; leaves one that exists as it is. */
export async function ensurePgDatabase(databaseUrl: string): Promise<void> {
  await onServerOf(databaseUrl, async (client, name, quoted) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${quoted}`);
  });
}

export async function dropPgDatabase(databaseUrl: string): Promise<void> {
  await onServerOf(databaseUrl, (client, _name, quoted) =>
    client.query(`drop database if exists ${quoted} with (force)`).then(() => undefined),
  );
}

export async function pgReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// ---- memory ------------------------------------------------------------------------------------

/** Resident and peak resident memory of a process, in bytes, from /proc (Linux). */
export function readMemory(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** Polls VmRSS while something runs; `stop()` answers the highest value seen. */
export function sampleRss(pid: number, everyMs = 100) {
  let peak = readMemory(pid)?.rss ?? 0;
  let last = peak;
  const timer = setInterval(() => {
    const m = readMemory(pid);
    if (!m) return;
    last = m.rss;
    peak = Math.max(peak, m.rss);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const m = readMemory(pid);
      if (m) {
        last = m.rss;
        peak = Math.max(peak, m.rss);
      }
      return { peak, last };
    },
  };
}

/** User + system CPU seconds a process has used so far (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

// ---- HTTP --------------------------------------------------------------------------------------

export async function postJson<T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function getJson<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await postJson<{ token?: string; error?: string }>(`${base}/api/login`, { email, password });
  if (res.status !== 200 || !res.body.token)
    throw new Error(`login of ${email} answered ${res.status}: ${res.body.error ?? ''}`);
  return res.body.token;
}

export function writeResults(file: string, data: unknown) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, file);
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) =>
    r
      .map((cell, i) =>
        /^[-+]?[\d.,]+( ?[a-zA-Z%×]*)?$/.test(cell) && i > 0
          ? cell.padStart(widths[i] ?? 0)
          : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ');
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
