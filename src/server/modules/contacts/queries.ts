import { and, desc, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactRequests, users } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';
import { containing } from '../../lib/search-text.js';

export async function insertContactRequest(db: Db, values: typeof contactRequests.$inferInsert) {
  const [row] = await db.insert(contactRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Whether the request's email is a customer account's (users.email is kept lower-cased). The outer
 * column is written out in full: drizzle leaves columns unqualified in a one-table select, and a bare
 * "email" inside the subquery would be the user's.
 */
const hasAccount = sql<boolean>`exists (
    select 1 from ${users} where ${users.email} = lower("contact_requests"."email") and ${users.role} = 'user')`;

const columns = { ...getTableColumns(contactRequests), hasAccount: hasAccount.as('has_account') };

export type ContactRow = typeof contactRequests.$inferSelect & { hasAccount: boolean };

/**
 * Newest first; `handled` true or false keeps only the handled or the open ones, and `search` those
 * with it in their name, email or description, or their phone's digits (search-text.ts).
 */
export const listContactRequests = (
  db: Db,
  q: { limit: number; cursor?: Cursor | undefined; handled?: boolean | undefined; search?: string | undefined },
) =>
  db
    .select(columns)
    .from(contactRequests)
    .where(
      and(
        olderThan(contactRequests.createdAt, contactRequests.id, q.cursor),
        q.handled === undefined
          ? undefined
          : q.handled
            ? isNotNull(contactRequests.handledAt)
            : isNull(contactRequests.handledAt),
        q.search
          ? containing(
              q.search,
              [contactRequests.name, contactRequests.email, contactRequests.description],
              contactRequests.phone,
            )
          : undefined,
      ),
    )
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(q.limit + 1);

/** Marks a request handled (keeping the first time it was) or open again; undefined if there is none. */
export async function setContactHandled(db: Db, id: string, handled: boolean): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contactRequests)
    .set({ handledAt: handled ? sql`coalesce(${contactRequests.handledAt}, now())` : null })
    .where(eq(contactRequests.id, id))
    .returning({ id: contactRequests.id });
  if (!row) return undefined;
  const [found] = await db.select(columns).from(contactRequests).where(eq(contactRequests.id, row.id));
  return found;
}
