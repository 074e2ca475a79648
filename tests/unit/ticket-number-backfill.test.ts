import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';

/** The migration that numbers tickets (0010): the tickets made before it, in the order they were made. */
const NUMBERING = 10;
const folders = mkdtempSync(join(tmpdir(), 'rf-migrations-'));
afterAll(() => rmSync(folders, { recursive: true, force: true }));

/** A copy of the migrations folder that ends before migration `end`. */
function migrationsBefore(end: number): string {
  const folder = join(folders, String(end));
  cpSync('drizzle', folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < end);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// PGlite itself, whichever database the project's other tests use: once is enough.
it.skipIf(process.env.TEST_DB === 'postgres')(
  'numbers the tickets made before ticket numbers from 1001 in creation order; new ones follow',
  async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore(NUMBERING) });
      await db.execute(sql`insert into users (id, name, email, phone, role)
      values ('00000000-0000-4000-8000-000000000001', 'Asha', 'asha@example.com', '+91 98765 43210', 'user')`);
      // Made in this order: o2, o3, o1 (stored in another).
      for (const [order, createdAt] of [
        ['o1', '2026-05-03T10:00:00Z'],
        ['o2', '2026-05-01T10:00:00Z'],
        ['o3', '2026-05-02T10:00:00Z'],
      ]) {
        await db.execute(sql`insert into tickets (user_id, main_service_name, sub_service_name, service, description,
          booking_order_id, created_at)
        values ('00000000-0000-4000-8000-000000000001', 'M', 'S', 'M › S', 'd', ${order}, ${createdAt})`);
      }
      await migrate(db, { migrationsFolder: migrationsBefore(NUMBERING + 1) });
      await db.execute(sql`insert into tickets (user_id, main_service_name, sub_service_name, service, description,
        booking_order_id) values ('00000000-0000-4000-8000-000000000001', 'M', 'S', 'M › S', 'd', 'o4')`);
      const rows = await db.execute<{ booking_order_id: string; number: number }>(
        sql`select booking_order_id, number from tickets order by number`,
      );
      expect(rows.rows).toEqual([
        { booking_order_id: 'o2', number: 1001 },
        { booking_order_id: 'o3', number: 1002 },
        { booking_order_id: 'o1', number: 1003 },
        { booking_order_id: 'o4', number: 1004 },
      ]);
    } finally {
      await client.close();
    }
  },
);
