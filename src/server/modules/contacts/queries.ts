import type { Db } from '../../db/client.js';
import { contactRequests } from '../../db/schema/index.js';

export async function insertContactRequest(db: Db, values: typeof contactRequests.$inferInsert) {
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  return row;
}
