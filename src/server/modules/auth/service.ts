import type { User } from '../../../shared/contracts/auth.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { passwordProblem } from '../../lib/password-strength.js';
import { startLogin } from './login-throttle.js';
import { issueUndoLink } from './password-reset.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { findUserByEmail, insertUser, updateUser } from './queries.js';
import { endResetLinks } from './reset-queries.js';
import type { Notices } from '../email/notices.js';
import { lockUser } from '../users/queries.js';
import { recordAccountChange } from '../users/history.js';
import { refuseSuspended } from './sessions.js';

const EMAIL_TAKEN = 'An account with this email already exists';

/** The only shape of a user that leaves the server: never the hash or the Google subject. */
export const toPublicUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

export async function createAccount(
  db: Db,
  input: { name: string; email: string; phone: string; password: string; role?: UserRow['role'] },
  /** The admin who creates it (POST /api/admin/users), kept in its history; none for a signup. */
  createdBy?: { id: string },
): Promise<UserRow> {
  // Refused before anything is looked up: the answer says nothing about whether the email is taken.
  const weak = passwordProblem(input.password, input);
  if (weak) throw badRequest(weak);
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    const values = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role ?? 'user',
      passwordHash,
    };
    if (!createdBy) return await insertUser(db, values);
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, values);
      await recordAccountChange(tx, { userId: user.id, actorId: createdBy.id, kind: 'created', to: user.role });
      return user;
    });
  } catch (err) {
    // Two signups racing for one email: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

export async function login(db: Db, email: string, password: string): Promise<UserRow> {
  // Past 10 failures for this email in 15 minutes: 429 before the password is looked at.
  const attempt = await startLogin(db, email);
  const user = await findUserByEmail(db, email);
  // Unknown email, wrong password and a Google-only account all read the same.
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw unauthorized('Invalid credentials');
  await attempt.succeeded();
  return refuseSuspended(user);
}

/** PATCH /api/profile: the customer's own name, email and phone. */
export async function updateProfile(db: Db, notices: Notices, userId: string, input: AccountDetails): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound('Account not found');
    return writeDetails(tx, notices, user, input, { byAdmin: false });
  });
}

type AccountDetails = Pick<UserRow, 'name' | 'email' | 'phone'>;

/**
 * Writes an account's name, email and phone (its own profile, or an admin's correction: users/details.ts),
 * in the caller's transaction with the row locked. A new email is told of (notices.emailChanged), and
 * the reset links sent to the old one stop working (one mistyped at signup reached a stranger). An
 * owner's change sends the old address an undo link (password-reset.ts).
 */
export async function writeDetails(
  tx: Db,
  notices: Notices,
  user: UserRow,
  input: AccountDetails,
  how: { byAdmin: boolean },
): Promise<UserRow> {
  const other = await findUserByEmail(tx, input.email);
  if (other && other.id !== user.id) throw conflict(EMAIL_TAKEN);
  try {
    const row = await updateUser(tx, user.id, { name: input.name, email: input.email, phone: input.phone });
    if (!row) throw notFound('Account not found');
    if (row.email !== user.email) {
      await endResetLinks(tx, user.id);
      // Changed by its owner, maybe from a taken session: the old address can take the account back.
      const undoToken = how.byAdmin ? undefined : await issueUndoLink(tx, user);
      await notices.emailChanged(tx, { user: row, previousEmail: user.email, byAdmin: how.byAdmin, undoToken });
    }
    return row;
  } catch (err) {
    // Another account took the address a moment ago: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** DECISIONS.md §1: ADMIN_EMAIL + ADMIN_PASSWORD make sure that superadmin exists (created or promoted). */
export async function ensureSuperadmin(
  db: Db,
  admin: { email: string; password: string; name: string },
): Promise<UserRow> {
  const email = admin.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    try {
      return await insertUser(db, {
        name: admin.name,
        email,
        phone: '',
        role: 'superadmin',
        passwordHash: await hashPassword(admin.password),
      });
    } catch (err) {
      // Another instance booting at the same moment created it first.
      if (!isUniqueViolation(err)) throw err;
      return ensureSuperadmin(db, admin);
    }
  }
  const changes: Parameters<typeof updateUser>[2] = {};
  if (existing.role !== 'superadmin') {
    // Promoting an account someone else may have made with this address (nothing proved it): what
    // they could sign in with ends here. ADMIN_PASSWORD is set below; Google never signs staff in.
    changes.role = 'superadmin';
    changes.googleSub = null;
  }
  if (!(await verifyPassword(existing.passwordHash, admin.password))) {
    changes.passwordHash = await hashPassword(admin.password);
  }
  if (Object.keys(changes).length === 0) return existing;
  // A promotion or a new password ends every session signed before it.
  changes.tokenVersion = existing.tokenVersion + 1;
  return (await updateUser(db, existing.id, changes)) ?? existing;
}
