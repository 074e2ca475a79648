import { eq } from 'drizzle-orm';
import type { CreatableRole } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { findUserByEmail, updateUser, usersWithRole } from './queries.js';

/**
 * The superadmins beside ADMIN_EMAIL's, as a warning for the boot's log (empty when there are none).
 *
 * A changed ADMIN_EMAIL makes the new address a superadmin and leaves the old one a superadmin too:
 * the boot never demotes an account, because a mistyped ADMIN_EMAIL would then lock the real owner
 * out of their own service, and the owner may want two. That is a choice to make knowingly, so
 * every boot names the others and says how to demote them (docs/operations.md, "Superadmins").
 */
export async function otherSuperadmins(
  db: Db,
  admin: UserRow,
): Promise<{ msg: string; detail: { otherSuperadmins: string[] } }[]> {
  const others = (await usersWithRole(db, 'superadmin')).filter((u) => u.id !== admin.id).map((u) => u.email);
  if (others.length === 0) return [];
  return [
    {
      msg:
        `ADMIN_EMAIL is ${admin.email}; these accounts are superadmins too and keep that role, as the boot ` +
        `never demotes anyone: ${others.join(', ')}. To demote one, run ` +
        '`npx tsx scripts/demote-superadmin.ts <email>` with this server’s DATABASE_URL or DATA_DIR ' +
        '(on PGlite, with the server stopped), or on PostgreSQL: ' +
        "UPDATE users SET role = 'admin', token_version = token_version + 1 WHERE email = '<email>';",
      detail: { otherSuperadmins: others },
    },
  ];
}

/**
 * Makes a superadmin an account of `role` and ends its sessions (scripts/demote-superadmin.ts).
 * ADMIN_EMAIL's own account is refused: the next boot would make it a superadmin again.
 */
export async function demoteSuperadmin(
  db: Db,
  email: string,
  role: CreatableRole,
  admin: { email: string } | undefined,
): Promise<UserRow> {
  const address = email.trim().toLowerCase();
  if (admin && admin.email.trim().toLowerCase() === address) {
    throw new Error(`${address} is ADMIN_EMAIL: change ADMIN_EMAIL first, or every boot makes it a superadmin again`);
  }
  return db.transaction(async (tx) => {
    // Every superadmin row locked: two demotions at once cannot each leave the other as the last.
    const supers = await tx.select().from(users).where(eq(users.role, 'superadmin')).for('update');
    const user = supers.find((u) => u.email === address) ?? (await findUserByEmail(tx, address));
    if (!user) throw new Error(`no account has the email ${address}`);
    if (user.role !== 'superadmin') throw new Error(`${address} is not a superadmin (it is ${user.role})`);
    if (supers.length === 1) {
      throw new Error(`${address} is the only superadmin: set ADMIN_EMAIL to its successor and restart first`);
    }
    const demoted = await updateUser(tx, user.id, { role, tokenVersion: user.tokenVersion + 1 });
    if (!demoted) throw new Error(`the account ${address} is gone`);
    return demoted;
  });
}
