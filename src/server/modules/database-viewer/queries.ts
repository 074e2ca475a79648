import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ViewerModel, visibleColumns } from './models.js';

/**
 * One page of a model's records, newest first: up to `limit` rows after `offset`, and whether more
 * follow. Dates are written as ISO strings.
 */
export async function recordsPage(db: Db, m: ViewerModel, limit: number, offset: number) {
  const rows = await db
    .select(visibleColumns(m))
    .from(m.table)
    .orderBy(desc(m.createdAt), desc(m.key))
    .limit(limit + 1)
    .offset(offset);
  const records = rows
    .slice(0, limit)
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));
  return { records, more: rows.length > limit };
}
