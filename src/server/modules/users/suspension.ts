import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Notices } from '../email/notices.js';
import { recordAccountChange } from './history.js';
import { lockForAdminChange } from './queries.js';
import { refuseWhileAssigned } from './roles.js';

/**
 * An admin suspends an account (PUT /api/admin/users/{id}/suspension): a customer who abuses the
 * service, an engineer or admin who has left. Never one's own (an admin would lock themselves out),
 * never a superadmin's (the configured owner, ADMIN_EMAIL). An engineer is suspended only once no
 * ticket not yet completed is theirs, as for a change of role.
 *
 * Its sessions end at once on every instance (the token version moves on and the guard refuses a
 * suspended account: auth/sessions.ts), and it signs in by no path until reinstated. Its tickets,
 * messages and payments stay as they are, and it is emailed that it is suspended (and again when
 * reinstated). Suspending a suspended account changes nothing.
 */
export async function suspendUser(db: Db, notices: Notices, actor: { id: string }, targetId: string): Promise<Outcome> {
  if (targetId === actor.id) throw forbidden('You cannot suspend your own account');
  return db.transaction(async (tx) => {
    const target = await lockForAdminChange(tx, actor.id, targetId);
    if (!target) throw notFound('User not found');
    if (target.role === 'superadmin') throw forbidden('A superadmin cannot be suspended');
    if (target.suspendedAt) return { user: target, changed: false };
    if (target.role === 'engineer') await refuseWhileAssigned(tx, target);
    const [suspended] = await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, target.id))
      .returning();
    if (!suspended) throw notFound('User not found');
    await recordAccountChange(tx, { userId: target.id, actorId: actor.id, kind: 'suspended' });
    // The login says no more than "suspended": the email tells them, and whom to ask.
    await notices.suspension(tx, suspended, true);
    return { user: suspended, changed: true };
  });
}

/** Lifts a suspension (DELETE /api/admin/users/{id}/suspension): the account signs in again. */
export async function reinstateUser(
  db: Db,
  notices: Notices,
  actor: { id: string },
  targetId: string,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const target = await lockForAdminChange(tx, actor.id, targetId);
    if (!target) throw notFound('User not found');
    if (!target.suspendedAt) return { user: target, changed: false };
    const [reinstated] = await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, target.id)).returning();
    if (!reinstated) throw notFound('User not found');
    await recordAccountChange(tx, { userId: target.id, actorId: actor.id, kind: 'reinstated' });
    await notices.suspension(tx, reinstated, false);
    return { user: reinstated, changed: true };
  });
}

/** The account as it is now, and whether this request changed it (only a change is logged). */
interface Outcome {
  user: UserRow;
  changed: boolean;
}
