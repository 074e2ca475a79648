import { accessSync, closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

/** DATA_DIR cannot be used; the message names the variable and the folder, for `Failed to start: …`. */
export class DataDirError extends Error {}

const LOCK_FILE = 'remotefix.lock';

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

/** DATA_DIR made if missing and checked writable: its absolute path, or a DataDirError saying why not. */
export function ensureDataDir(dataDir: string): string {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new DataDirError(`DATA_DIR (${dir}) does not exist and cannot be created (${code(err)})`);
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new DataDirError(
      `DATA_DIR (${dir}) is not writable (${code(err)}): the embedded database and the generated JWT secret live there`,
    );
  }
  return dir;
}

export interface DataDirLock {
  release(): void;
}

/**
 * Claims DATA_DIR for this process: two processes on one PGlite folder each keep only their own
 * writes, so a second one must not start. The claim is an exclusive, non-blocking lock on
 * `DATA_DIR/remotefix.lock` (fcntl open-file-description lock on Linux, flock on macOS, LockFileEx on
 * Windows), which the operating system drops when the process ends however it ends: a kill -9
 * leaves nothing to clean up, unlike a PID file or a lock directory, which outlive their owner and
 * must be judged stale. The PID written into the file is only there for the refusal's message.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = ensureDataDir(dataDir);
  const file = join(dir, LOCK_FILE);
  let fd: number;
  try {
    fd = openSync(file, 'a+', 0o600);
  } catch (err) {
    throw new DataDirError(`DATA_DIR (${dir}) is not writable: cannot open ${LOCK_FILE} (${code(err)})`);
  }
  let granted: boolean;
  try {
    granted = tryLock(fd);
  } catch (err) {
    closeSync(fd);
    throw new DataDirError(`DATA_DIR (${dir}): cannot lock ${LOCK_FILE} (${code(err)})`);
  }
  if (!granted) {
    closeSync(fd);
    const holder = readHolder(file);
    throw new DataDirError(
      `DATA_DIR (${dir}) is in use by another RemoteFix process${holder ? ` (pid ${holder})` : ''}: ` +
        'two processes on one embedded database lose each other’s writes. Stop that one, or give this one ' +
        'its own DATA_DIR, or run both on PostgreSQL (DATABASE_URL)',
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      unlock(fd);
      closeSync(fd);
    },
  };
}

function readHolder(file: string): string | undefined {
  try {
    return /^\d+/.exec(readFileSync(file, 'utf8'))?.[0];
  } catch {
    return undefined;
  }
}
