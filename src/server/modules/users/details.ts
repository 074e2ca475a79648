import { ACCOUNT_DETAILS } from '../../../shared/account-changes.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { writeDetails } from '../auth/service.js';
import type { Notices } from '../email/notices.js';
import { recordAccountChange } from './history.js';
import { lockForAdminChange } from './queries.js';

/**
 * An admin corrects an account's name, email or phone (PUT /api/admin/users/{id}/details): a
 * customer who mistyped their email at signup, an engineer whose number changed (staff have no
 * profile page of their own). A superadmin's details only that superadmin changes, and never the
 * email, which is ADMIN_EMAIL's: moved here, the next boot would make a second superadmin.
 *
 * The sessions go on (the password is the same); a new email is told so. The history names which
 * details changed, not their values. The same details again change nothing.
 */
export async function changeUserDetails(
  db: Db,
  notices: Notices,
  actor: { id: string },
  targetId: string,
  input: Pick<UserRow, 'name' | 'email' | 'phone'>,
): Promise<{ user: UserRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const target = await lockForAdminChange(tx, actor.id, targetId);
    if (!target) throw notFound('User not found');
    if (target.role === 'superadmin') {
      if (target.id !== actor.id) throw forbidden('Only a superadmin changes their own details');
      if (input.email !== target.email) throw forbidden('A superadmin’s email is set by ADMIN_EMAIL');
    }
    const fields = ACCOUNT_DETAILS.filter((field) => input[field] !== target[field]);
    if (fields.length === 0) return { user: target, changed: false };
    const user = await writeDetails(tx, notices, target, input, { byAdmin: true });
    await recordAccountChange(tx, { userId: target.id, actorId: actor.id, kind: 'details', fields });
    return { user, changed: true };
  });
}
