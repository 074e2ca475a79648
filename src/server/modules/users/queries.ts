import { and, asc, desc, eq } from 'drizzle-orm';
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

export const listEngineers = (db: Db) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.role, 'engineer'))
    .orderBy(asc(users.name), asc(users.email))
    .limit(1000);
