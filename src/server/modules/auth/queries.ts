import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oidcLogins, type UserRow, users } from '../../db/schema/index.js';

const userById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');
const usersById = new WeakMap<Db, ReturnType<typeof userById>>();

/**
 * The guard loads its caller with this (DECISIONS.md §3: role changes apply at once), whenever it
 * does not remember them (caller-cache.ts): one statement, prepared once per database handle.
 */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  let statement = usersById.get(db);
  if (!statement) usersById.set(db, (statement = userById(db)));
  const [row] = await statement.execute({ id });
  return row;
}

/** `email` must already be normalised (trimmed, lower-cased). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A route that changes an existing account (with this or any other write to `users`) declares
 * `config.changesAccounts`, so the guard on its instance forgets its callers at once (plugins/auth.ts).
 */
export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'role' | 'passwordHash' | 'googleSub' | 'tokenVersion'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** The accounts holding `role`, oldest first. */
export async function usersWithRole(db: Db, role: UserRow['role']): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, role)).orderBy(users.createdAt);
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row;
}

/** Stores a Google sign-in's checks until its callback, first clearing the ones that have expired. */
export async function storeOidcLogin(db: Db, values: typeof oidcLogins.$inferInsert) {
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
  await db.insert(oidcLogins).values(values);
}

/** Takes the unexpired sign-in for this state out of the store (so a second use finds nothing). */
export async function takeOidcLogin(db: Db, state: string) {
  const [row] = await db
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.state, state), gt(oidcLogins.expiresAt, new Date())))
    .returning();
  return row;
}
