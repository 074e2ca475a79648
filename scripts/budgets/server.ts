/** The built production server for the page budgets: a free port in 4700–4709, a fresh DATA_DIR, the superadmin. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SERVER_ENTRY, SERVER_NODE_FLAGS, sleep } from '../bench/lib.js';
import { running } from './cleanup.js';
import { ADMIN } from './config.js';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

async function freePort(): Promise<number> {
  for (let port = 4700; port <= 4709; port++) if (await portIsFree(port)) return port;
  throw new Error('no free port in 4700–4709');
}

export async function startServer(): Promise<string> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run npm run build (npm run budgets does)`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rf-budgets-'));
  running.dataDir = dataDir;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'NODE_OPTIONS',
  ]) {
    delete env[key];
  }
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_PROVIDER: 'test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: 'Budgets Admin',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_ORDERS: '1000',
      RATE_LIMIT_CONTACT: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  running.server = server;
  server.once('exit', (code, signal) => {
    if (running.server) console.error(`the server exited early (code ${code}, signal ${signal})`);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return base;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the server did not answer /healthz within 60 s');
}
