import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { ENGINEER_PICKER_LIMIT } from '../../../shared/contracts/admin.js';
import type { Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';
import { anywhere, phoneDigits } from '../../lib/search-text.js';

/**
 * Accounts newest first, one more than `limit` (the caller pages), of one role and matching a search
 * when asked: any part of the name or email, or of the phone's digits however they were typed (the
 * digits of "98765 43210" find "+91 98765-43210"). Without an index of its own: the accounts are
 * read in date order and filtered, as many as an admin's list of people ever holds.
 */
export const listUsers = (
  db: Db,
  q: { role?: Role | undefined; search?: string | undefined; limit: number; cursor?: Cursor | undefined },
) =>
  db
    .select()
    .from(users)
    .where(
      and(
        q.role ? eq(users.role, q.role) : undefined,
        q.search ? userSearch(q.search) : undefined,
        olderThan(users.createdAt, users.id, q.cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);

/** A name or email containing `search` (any case), or, when it has three digits or more, a phone holding them. */
function userSearch(search: string) {
  const digits = phoneDigits(search);
  return or(
    nameOrEmail(search),
    digits ? sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${anywhere(digits)}` : undefined,
  );
}

const nameOrEmail = (search: string) => or(ilike(users.name, anywhere(search)), ilike(users.email, anywhere(search)));

/** Engineers by name, those whose name or email contains `search` (any case); one more than the picker shows. */
export const listEngineers = (db: Db, search?: string) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.role, 'engineer'), search ? nameOrEmail(search) : undefined))
    .orderBy(asc(users.name), asc(users.email))
    .limit(ENGINEER_PICKER_LIMIT + 1);
