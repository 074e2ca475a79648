import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactRequests } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';

export async function insertContactRequest(db: Db, values: typeof contactRequests.$inferInsert) {
  const [row] = await db.insert(contactRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export const listContactRequests = (db: Db, limit: number, cursor?: Cursor) =>
  db
    .select()
    .from(contactRequests)
    .where(olderThan(contactRequests.createdAt, contactRequests.id, cursor))
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit + 1);
