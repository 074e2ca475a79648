import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';

/** A signed-in session as its token says: the account's version it was signed at, and its own id. */
export interface Session {
  version: number;
  /** The token's id (`jti`); null in a token signed before sessions had one. */
  sessionId: string | null;
}

/**
 * Whether a session still holds for the account as it is now: signed at its current version (a new
 * password, a reset or an admin's turn-off of two-factor raise it, ending every session), not logged
 * out, and the account not suspended. The guard (plugins/auth.ts) and the event streams ask the same.
 */
export function sessionHolds(
  user: Pick<UserRow, 'tokenVersion' | 'endedSessions' | 'suspendedAt'>,
  session: Session,
): boolean {
  return (
    user.suspendedAt === null &&
    user.tokenVersion === session.version &&
    (session.sessionId === null || !user.endedSessions.some((ended) => ended.id === session.sessionId))
  );
}

/**
 * Logs one session out: its token is refused from now on, on every instance (the account's row
 * changes, which is announced like any account change); the account's other sessions go on. The
 * entries of tokens that have expired since are dropped on the way. A token without an id cannot be
 * told apart from the account's others, so its logout ends them all.
 */
export async function endSession(
  db: Db,
  userId: string,
  session: { sessionId: string | null; expiresAt: number },
): Promise<void> {
  if (session.sessionId === null) {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    return;
  }
  const ended = JSON.stringify([{ id: session.sessionId, expiresAt: session.expiresAt }]);
  // The row's own column, so two logouts at once each add theirs (the second re-reads it once the first commits).
  const stillValid = sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${users.endedSessions}) e
      where (e ->> 'expiresAt')::bigint > ${Date.now()})`;
  await db
    .update(users)
    .set({ endedSessions: sql`${stillValid} || ${ended}::jsonb` })
    .where(eq(users.id, userId));
}

export const SUSPENDED = 'This account is suspended. Please contact RemoteFix support.';

/**
 * A suspended account (users/suspension.ts) signs in by no path: a password (after it is checked, so
 * the answer tells nothing to someone without it), its second factor, a reset link or Google. Its
 * sessions ended when it was suspended, and sessionHolds refuses any it could still show.
 */
export function refuseSuspended<T extends Pick<UserRow, 'suspendedAt'>>(user: T): T {
  if (user.suspendedAt !== null) throw forbidden(SUSPENDED);
  return user;
}
