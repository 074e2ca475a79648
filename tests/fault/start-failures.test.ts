import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_JWT_SECRET, ROOT } from '../support/server-process.js';

// A setting that is well-formed but unusable stops the server at once with exit 1 and a message
// that names the setting to change (README, Configuration), and never prints a credential.

/** Runs `src/server/main.ts` until it exits by itself; what it printed and its exit code. */
function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
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
