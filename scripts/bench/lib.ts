/**
 * Shared by the benchmark, the soak and the page budgets: where things are, the credentials the
 * bench's servers run with, and the databases they run on. The rest of the shared helpers are by
 * concern: lib-processes.ts (child processes, the server), lib-postgres.ts (PostgreSQL databases),
 * lib-proc.ts (a process's memory and CPU), lib-http.ts (JSON calls, login), lib-report.ts (figures,
 * tables, result files).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = join(ROOT, 'dist/server/server/main.js');
/**
 * The Node flags `npm start` gives the server (package.json), so the scripts measure the server as it
 * runs; the benchmark's ceiling gets them too, to be measured on the same runtime. The start script
 * must read `node [--flag[=value] …] dist/server/server/main.js`; anything else stops the scripts
 * rather than being misread.
 */
export const SERVER_NODE_FLAGS: readonly string[] = startFlags(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start,
);

export function startFlags(start: string): string[] {
  const words = start.trim().split(/\s+/);
  const entry = relative(ROOT, SERVER_ENTRY);
  const flags = words.slice(1, -1);
  if (words[0] !== 'node' || words.at(-1) !== entry || !flags.every((f) => /^--[\w-]+(=\S+)?$/.test(f)))
    throw new Error(`package.json's start script must read "node [--flag[=value] …] ${entry}", not "${start}"`);
  return flags;
}

export const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
export const ADMIN_EMAIL = 'bench-admin@remotefix.test';
export const ADMIN_PASSWORD = 'bench-admin-password-1';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export const openTarget = (t: Target) => (t.kind === 'postgres' ? { url: t.url } : { dataDir: t.dataDir });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
