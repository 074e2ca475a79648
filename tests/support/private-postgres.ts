import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { portInUse } from './server-process.js';

/**
 * A private PostgreSQL cluster made with initdb in a temporary directory, on its own port
 * (4650-4659) and its own socket directory, so a test can stop and start it without touching
 * any other server. As root, initdb and postgres run as the `postgres` OS user.
 */

const run = promisify(execFile);

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, if any. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export interface PrivatePostgres {
  port: number;
  dir: string;
  url: string;
  /** Stops the server: `immediate` is a crash-like stop, `fast` a clean one. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops it if running and deletes the cluster. */
  destroy(): Promise<void>;
  log(): string;
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}

export async function startPrivatePostgres(
  bin: string,
  ports: number[] = [4650, 4651, 4652, 4653, 4654, 4655, 4656, 4657, 4658, 4659],
): Promise<PrivatePostgres> {
  let port: number | undefined;
  for (const p of ports) {
    if (!(await portInUse(p))) {
      port = p;
      break;
    }
  }
  if (port === undefined) throw new Error(`no free port for a private PostgreSQL in ${ports.join(', ')}`);

  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'rf-fault-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  mkdirSync(data, { mode: 0o700 });
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' };
  const pgRun = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { env, cwd: dir })
      : run(join(bin, program), args, { env, cwd: dir });

  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  let running = false;
  const pg: PrivatePostgres = {
    port,
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgRun('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'immediate') {
      await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      if (running || existsSync(join(data, 'postmaster.pid'))) {
        await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => {});
        running = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
  try {
    await pg.start();
  } catch (err) {
    const log = pg.log();
    await pg.destroy();
    throw new Error(`the private PostgreSQL did not start: ${(err as Error).message}\n${log}`);
  }
  return pg;
}
