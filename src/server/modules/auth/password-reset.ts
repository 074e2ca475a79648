/**
 * Forgotten and changed passwords (DECISIONS.md §7.3). A reset link is a random 256-bit token sent by
 * email and kept only as its SHA-256; it works once, for 30 minutes, and only while the account's
 * session version is the one it was issued at, so any later reset or password change voids it. Every
 * new password raises the version: every other session ends.
 *
 * An undo link is the same kind of token, emailed to the address an owner's profile edit moved the
 * account away from (issueUndoLink). A session alone (a token copied from a shared computer) can
 * change the email and then reset the password through the new address: the old address's link
 * takes the account back. So it lasts 7 days, no reset or change since voids it, and using it puts
 * back that address and the Google link the account had then, sets the password chosen there and
 * ends every session. Used, it ends every later undo link: whoever moved the address on from there
 * cannot take the account back with the link their own change sent them.
 *
 * Only an address the account held before the last 7 days' changes gets one. One that a profile
 * change set in that time gets none: the link to the address before it covers the whole chain, and a
 * taken session could otherwise plant a link for itself by moving the email to its own address and
 * back (an attack audit), one that would outlive the owner's new password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type CheckResetLinkResponse, RESET_LINK_MINUTES } from '../../../shared/contracts/passwords.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { passwordProblem } from '../../lib/password-strength.js';
import type { Notices } from '../email/notices.js';
import { startLogin } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { findUserByEmail } from './queries.js';
import { lockUser } from '../users/queries.js';
import {
  endResetLinks,
  endUndoLinksSince,
  findUsableReset,
  firstUndoAddressSince,
  insertPasswordReset,
  resetsSince,
  setPassword,
  takeReset,
} from './reset-queries.js';
import { refuseSuspended } from './sessions.js';

const INVALID_LINK = 'This reset link is invalid, used or expired. Ask for a new one.';

/** At most this many reset emails to one account in RESET_CAP_WINDOW_MS (more asks are answered alike). */
const RESET_CAP = 3;
const RESET_CAP_WINDOW_MS = 15 * 60_000;
/**
 * A forgot-password answer takes at least this long, with or without an account behind the address,
 * so its timing does not tell which (the work for a real account, an email written, is well within it).
 */
const FORGOT_MIN_MS = 400;

const UNDO_LINK_DAYS = 7;
const ADDRESS_TAKEN = 'The address this link puts back now belongs to another account. Contact our support.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The undo link of an owner's email change, in the change's transaction: `before` is the account as
 * it was. Answers the token for the email to the old address, or undefined when a profile change set
 * that address within the link's 7 days (the first change's link, to the address before, covers it).
 */
export async function issueUndoLink(tx: Db, before: UserRow): Promise<string | undefined> {
  const windowStart = new Date(Date.now() - UNDO_LINK_DAYS * 24 * 60 * 60_000);
  const held = await firstUndoAddressSince(tx, before.id, windowStart);
  if (held !== undefined && held !== before.email) return undefined;
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(tx, {
    tokenHash: hashToken(token),
    userId: before.id,
    tokenVersion: before.tokenVersion,
    expiresAt: new Date(Date.now() + UNDO_LINK_DAYS * 24 * 60 * 60_000),
    restoreEmail: before.email,
    restoreGoogleSub: before.googleSub,
  });
  return token;
}

/** POST /api/password/forgot: a reset email if the account exists; nothing to tell either way. */
export async function requestPasswordReset(db: Db, notices: Notices, email: string): Promise<void> {
  const started = performance.now();
  try {
    const user = await findUserByEmail(db, email);
    // A suspended account gets no link: it could not use one (usableReset), and the answer is the same.
    if (!user || user.suspendedAt) return;
    const token = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      // Counted under the account's row lock: asks that arrive together take turns, so a burst gets
      // no more links than asks one after another would.
      const locked = await lockUser(tx, user.id);
      if (!locked) return;
      if ((await resetsSince(tx, user.id, new Date(Date.now() - RESET_CAP_WINDOW_MS))) >= RESET_CAP) return;
      await insertPasswordReset(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        tokenVersion: locked.tokenVersion,
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
      });
      await notices.passwordReset(tx, locked, token);
    });
  } finally {
    const left = FORGOT_MIN_MS - (performance.now() - started);
    // Up to a fifth more at random, so the floor itself is not a signal either.
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + Math.random() * FORGOT_MIN_MS * 0.2));
  }
}

/** The account a link's token would set a password for now, or 400 (unknown, used, expired, superseded). */
async function usableReset(db: Db, tokenHash: string) {
  const found = await findUsableReset(db, tokenHash);
  const superseded = found?.reset.restoreEmail === null && found.user.tokenVersion !== found.reset.tokenVersion;
  if (!found || superseded) throw badRequest(INVALID_LINK);
  return { account: refuseSuspended(found.user), restoreEmail: found.reset.restoreEmail };
}

/**
 * POST /api/password/reset/check: whether a link still works, asked when its page opens, so a used or
 * expired link says so before a new password is typed. Changes nothing.
 */
export async function checkResetLink(db: Db, token: string): Promise<CheckResetLinkResponse> {
  const { restoreEmail } = await usableReset(db, hashToken(token));
  return restoreEmail === null ? { ok: true } : { ok: true, restoresEmail: restoreEmail };
}

/** POST /api/password/reset: the link's token sets the new password once; the account, signed in. */
export async function resetPassword(db: Db, token: string, password: string): Promise<UserRow> {
  const tokenHash = hashToken(token);
  const { account } = await usableReset(db, tokenHash);
  // Refused before the token is used up: the person may try a better password with the same link.
  const weak = passwordProblem(password, account);
  if (weak) throw badRequest(weak);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const reset = await takeReset(tx, tokenHash);
      const user = reset && (await lockUser(tx, reset.userId));
      if (!reset || !user) throw badRequest(INVALID_LINK);
      if (reset.restoreEmail === null) {
        if (user.tokenVersion !== reset.tokenVersion) throw badRequest(INVALID_LINK);
        return await setPassword(tx, user, passwordHash);
      }
      await endResetLinks(tx, user.id);
      await endUndoLinksSince(tx, user.id, reset.createdAt);
      return await setPassword(tx, user, passwordHash, {
        email: reset.restoreEmail,
        googleSub: reset.restoreGoogleSub,
      });
    });
  } catch (err) {
    // Another account has signed up with the address (or signed in with the Google account) since.
    if (isUniqueViolation(err)) throw conflict(ADDRESS_TAKEN);
    throw err;
  }
}

/**
 * PATCH /api/password: the current password, then the new one; other sessions end, and the account is
 * told by email. A wrong current password is 400, not 401: the session itself is fine; it counts
 * toward the account's login throttle (429 once locked). An account with no password (it signs in
 * with Google) sets its first one through the reset email, which proves it holds the mailbox: a
 * session alone (a token copied from a shared computer) must not be able to add a password to an
 * account.
 */
export async function changePassword(
  db: Db,
  notices: Notices,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
): Promise<UserRow> {
  if (!user.passwordHash) {
    throw badRequest(
      'Your account has no password yet (you sign in with Google). Use "Forgot password?" on the login form to set one by email.',
    );
  }
  // A wrong current password counts as a failed sign-in, as a wrong code does at disableTwoFactor: a
  // stolen session gets no more guesses here than the login form gives.
  const attempt = await startLogin(db, user.email);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect');
  }
  await attempt.succeeded();
  if (input.newPassword === input.currentPassword) {
    throw badRequest('The new password must be different from the current one');
  }
  const weak = passwordProblem(input.newPassword, user);
  if (weak) throw badRequest(weak);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    // Changed in between (another session, a reset): the current password checked above is not current.
    if (!locked || locked.passwordHash !== user.passwordHash) throw badRequest('Current password is incorrect');
    const changed = await setPassword(tx, locked, passwordHash);
    await notices.passwordChanged(tx, changed);
    return changed;
  });
}
