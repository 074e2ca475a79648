import { and, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, type UserRow, users } from '../../db/schema/index.js';

export async function insertPasswordReset(tx: Db, values: typeof passwordResets.$inferInsert) {
  await tx.insert(passwordResets).values(values);
}

/** Reset links issued to the account since `since` (a cap on how many emails one address gets); not undo links. */
export async function resetsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.userId, userId), gte(passwordResets.createdAt, since), isNull(passwordResets.restoreEmail)),
    );
  return row?.n ?? 0;
}

/** The account an unused, unexpired reset token belongs to (read only: nothing is used up). */
export async function findUsableReset(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Uses the token up, if it is still unused and unexpired: only one caller ever gets it. */
export async function takeReset(tx: Db, tokenHash: string) {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/**
 * Every reset link of the account not used yet stops working (its email changed); undo links go on,
 * each to the address it puts back.
 */
export async function endResetLinks(tx: Db, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.restoreEmail)));
}

/** The address the account's first undo link issued at or after `since` puts back, if there is one. */
export async function firstUndoAddressSince(tx: Db, userId: string, since: Date): Promise<string | undefined> {
  const [row] = await tx
    .select({ email: passwordResets.restoreEmail })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNotNull(passwordResets.restoreEmail),
        gte(passwordResets.createdAt, since),
      ),
    )
    .orderBy(passwordResets.createdAt)
    .limit(1);
  return row?.email ?? undefined;
}

/** The account's undo links issued at or after `since` stop working (an earlier one was used). */
export async function endUndoLinksSince(tx: Db, userId: string, since: Date): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        isNotNull(passwordResets.restoreEmail),
        gte(passwordResets.createdAt, since),
      ),
    );
}

/**
 * A new password: every session signed before it ends (the token version goes up). With `restore`
 * (an undo link), the email and Google link the account had go back with it.
 */
export async function setPassword(
  tx: Db,
  user: UserRow,
  passwordHash: string,
  restore?: Pick<UserRow, 'email' | 'googleSub'>,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...restore, passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}
