import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/server-booking.js';
import { call } from '../support/server-http.js';
import { FAULT_JWT_SECRET, killAllServers, ROOT, startServer } from '../support/server-process.js';

// A setting that is well-formed but unusable stops the server at once with exit 1 and a message
// that names the setting to change (README, Configuration), and never prints a credential.

/**
 * Runs `src/server/main.ts` until it exits by itself; what it printed and its exit code. `uid`: run
 * it as that user (only root may, and root is the one a folder's permissions do not stop).
 */
function startExpectingFailure(
  env: Record<string, string>,
  uid?: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      ...(uid === undefined ? {} : { uid, gid: uid }),
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        JWT_SECRET: FAULT_JWT_SECRET,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop by itself:\n${output}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let dataDir: string;
let occupied: Server;
const BUSY_PORT = 4690;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rf-start-'));
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(BUSY_PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => occupied.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('start-up failures name the setting behind them', () => {
  it('a DATABASE_URL nobody answers: names DATABASE_URL and its address, not its password', async () => {
    const { code, output } = await startExpectingFailure({
      PORT: '4691',
      DATABASE_URL: 'postgres://remotefix:the-db-password@127.0.0.1:1/remotefix',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'Failed to start: cannot reach or prepare the database of DATABASE_URL (127.0.0.1:1/remotefix)',
    );
    expect(output).not.toContain('the-db-password');
  }, 70_000);

  it('a PORT already taken: names HOST and PORT', async () => {
    const { code, output } = await startExpectingFailure({ PORT: String(BUSY_PORT), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(`Failed to start: cannot listen on HOST 127.0.0.1, PORT ${BUSY_PORT}`);
    expect(output).toMatch(/EADDRINUSE/);
  }, 70_000);
});

// Two processes on one PGlite folder each keep only their own writes, and acknowledged signups were
// gone after a restart (issue 26). The folder is locked by the operating system for as long as its
// process lives, so a second one refuses to start, and a kill -9 leaves nothing to clean up.
describe('DATA_DIR: one process at a time, and a folder it can use', () => {
  afterEach(() => killAllServers());

  it('a second process on the same DATA_DIR refuses to start, naming DATA_DIR; after kill -9 of the first, a new one starts with its data', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'rf-lock-'));
    try {
      const first = await startServer({ port: 4670, database: { dataDir: shared } });
      const customer = await signUpCustomer(first.url, 'lock');

      const second = await startExpectingFailure({ PORT: '4671', DATA_DIR: shared });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`Failed to start: DATA_DIR (${shared}) is in use by another RemoteFix process`);
      expect(second.output).toContain(`pid ${first.child.pid}`);
      // The first one goes on serving, its data untouched by the attempt.
      expect((await call(first.url, 'GET', '/api/me', { token: customer.token })).status).toBe(200);

      await first.kill9();
      const third = await startServer({ port: 4672, database: { dataDir: shared } });
      expect((await call(third.url, 'GET', '/api/me', { token: customer.token })).status).toBe(200);
      await third.stop();
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  }, 120_000);

  it('a DATA_DIR that cannot be created says so and names DATA_DIR', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'rf-nodir-'));
    try {
      const file = join(parent, 'a-file');
      writeFileSync(file, 'not a folder');
      const missing = join(file, 'data');
      const { code, output } = await startExpectingFailure({ PORT: '4673', DATA_DIR: missing });
      expect(code).toBe(1);
      expect(output).toContain(`Failed to start: DATA_DIR (${missing}) does not exist and cannot be created`);
      expect(output).toContain('ENOTDIR');
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 70_000);

  it('a read-only DATA_DIR says so and names DATA_DIR', async () => {
    const readOnly = mkdtempSync(join(tmpdir(), 'rf-rodir-'));
    mkdirSync(join(readOnly, 'data'));
    chmodSync(join(readOnly, 'data'), 0o555);
    chmodSync(readOnly, 0o755);
    // Root writes wherever it likes: the server runs as nobody then, for whom 0555 is read-only.
    const uid = process.getuid?.() === 0 ? 65534 : undefined;
    try {
      const dir = join(readOnly, 'data');
      const { code, output } = await startExpectingFailure({ PORT: '4673', DATA_DIR: dir, HOME: readOnly }, uid);
      expect(code).toBe(1);
      expect(output).toContain(`Failed to start: DATA_DIR (${dir}) is not writable`);
      expect(output).toContain('EACCES');
    } finally {
      chmodSync(join(readOnly, 'data'), 0o755);
      rmSync(readOnly, { recursive: true, force: true });
    }
  }, 70_000);
});
