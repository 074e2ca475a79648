import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';

/** A signed-in session as its token says: the account's version it was signed at, and its own id. */
export interface Session {
  version: number;
  /** The token's id (`jti`); null in a token signed before sessions had one. */
  sessionId: string | null;
}

/**
 * Whether a session still holds for the account as it is now: signed at its current version (a new
 * password, a reset or an admin's turn-off of two-factor raise it, ending every session) and not
 * logged out. The guard (plugins/auth.ts) and the event streams ask the same.
 */
export function sessionHolds(user: Pick<UserRow, 'tokenVersion' | 'endedSessions'>, session: Session): boolean {
  return (
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
