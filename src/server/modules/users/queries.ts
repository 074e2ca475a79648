import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import { ENGINEER_PICKER_LIMIT } from '../../../shared/contracts/admin.js';
import type { Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';

export const listUsers = (db: Db, q: { role?: Role | undefined; limit: number; cursor?: Cursor | undefined }) =>
  db
    .select()
    .from(users)
    .where(and(q.role ? eq(users.role, q.role) : undefined, olderThan(users.createdAt, users.id, q.cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);

/** LIKE's own characters taken literally (PostgreSQL's default escape is the backslash). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Engineers by name, those whose name or email contains `search` (any case); one more than the picker shows. */
export const listEngineers = (db: Db, search?: string) => {
  const pattern = search ? `%${likeLiteral(search)}%` : undefined;
  return db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        eq(users.role, 'engineer'),
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.email))
    .limit(ENGINEER_PICKER_LIMIT + 1);
};
