import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.js';

// The embedded database as `npm start` opens it (a data directory): a 32 MB buffer pool, so its
// memory stops growing once the pool is full (src/server/db/client.ts, PGLITE_START_PARAMS).

let dir: string;
let database: Database;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rf-pglite-'));
  database = openDatabase({ dataDir: dir });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("runs with a 32 MB buffer pool and PGlite's own start settings", async () => {
  const rows = await database.db.execute(
    sql`select current_setting('shared_buffers') as sb, current_setting('search_path') as sp`,
  );
  const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as { sb: string; sp: string };
  expect(row).toEqual({ sb: '32MB', sp: 'public' });
});
