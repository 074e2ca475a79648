import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { freshPostgresDatabase } from '../../support/fresh-postgres';
import { E2E_ADMIN } from './fixtures';

/**
 * More instances of the built server (dist/, as `npm start` runs it) for the browser suite, on one
 * PostgreSQL database: what several instances behind a load balancer share. The suite's own server
 * (start-server.mjs) runs on the embedded database and cannot be one of them.
 */

export interface BuiltInstance {
  url: string;
  /** Everything it wrote so far. */
  log(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the system's choice), for an instance to take. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts `node dist/server/server/main.js` on `databaseUrl` and waits until /healthz answers 200. */
export async function startBuiltInstance(databaseUrl: string, env: Record<string, string>): Promise<BuiltInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/server/main.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  const append = (chunk: Buffer) => void (output += chunk.toString('utf8'));
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const instance: BuiltInstance = {
    url,
    log: () => output,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on ${url} exited during boot:\n${output}`);
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) return instance;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the instance on ${url} did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

export interface TwoInstances {
  one: BuiltInstance;
  other: BuiltInstance;
  /** Ends both and drops their database. */
  stop(): Promise<void>;
}

/**
 * Two instances on a fresh database of `serverUrl`'s PostgreSQL, each with the suite's superadmin:
 * what a load balancer spreads the requests over.
 */
export async function startTwoInstances(serverUrl: string): Promise<TwoInstances> {
  const db = await freshPostgresDatabase(serverUrl, 'rf_e2e');
  const env = {
    JWT_SECRET: 'e2e-two-instances-secret-at-least-32-chars',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: 'E2E Admin',
  };
  const started: BuiltInstance[] = [];
  const stop = async () => {
    await Promise.all(started.map((instance) => instance.stop()));
    await db.drop();
  };
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    const one = await startBuiltInstance(db.url, env);
    started.push(one);
    const other = await startBuiltInstance(db.url, env);
    started.push(other);
    return { one, other, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
