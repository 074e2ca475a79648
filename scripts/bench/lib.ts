/**
 * Shared by the benchmark, the soak and the page budgets: where things are, the credentials the
 * bench's servers run with, and the databases they run on. The rest of the shared helpers are by
 * concern: lib-processes.ts (child processes, the server), lib-postgres.ts (PostgreSQL databases),
 * lib-proc.ts (a process's memory and CPU), lib-http.ts (JSON calls, login), lib-report.ts (figures,
 * tables, result files).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = join(ROOT, 'dist/server/server/main.js');
/**
 * The Node flags `npm start` gives the server (package.json), so the scripts measure the server as it
 * runs; the benchmark's ceiling gets them too, to be measured on the same runtime.
 */
export const SERVER_NODE_FLAGS: readonly string[] = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
export const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
export const ADMIN_EMAIL = 'bench-admin@remotefix.test';
export const ADMIN_PASSWORD = 'bench-admin-password-1';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export const openTarget = (t: Target) => (t.kind === 'postgres' ? { url: t.url } : { dataDir: t.dataDir });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
