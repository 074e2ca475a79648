import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { type GoogleIdentity, GoogleSignInError, randomChecks } from './google-client.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  storeOidcLogin,
  takeOidcLogin,
  updateUser,
} from './queries.js';

const LOGIN_LIFETIME_MS = 10 * 60_000;

/** Starts a sign-in: fresh state, nonce and PKCE verifier, kept until the callback (at most 10 minutes). */
export async function beginGoogleLogin(db: Db) {
  const checks = randomChecks();
  await storeOidcLogin(db, { ...checks, expiresAt: new Date(Date.now() + LOGIN_LIFETIME_MS) });
  return checks;
}

/** Takes the sign-in for this state out of the store: a second use of the same state finds nothing. */
export async function consumeGoogleLogin(db: Db, state: string) {
  const row = await takeOidcLogin(db, state);
  if (!row) throw new GoogleSignInError('state');
  return { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}

/**
 * Google signs customers in, never staff (DECISIONS.md §7.6). A verified Google email took over the
 * superadmin account and removed its password (issue 26): an engineer, admin or superadmin account
 * is never linked by email, and is refused even when a Google account is linked to it already (only
 * a direct database edit could do that), so staff always sign in with their password and its second
 * factor. The refusal changes nothing on the account; the home page tells them to use the password.
 */
function refuseStaffOrSuspended(user: UserRow): UserRow {
  if (user.role !== 'user') throw new GoogleSignInError('staff_account');
  // Nor does a suspended account sign in (users/suspension.ts); it is not linked either.
  if (user.suspendedAt) throw new GoogleSignInError('suspended');
  return user;
}

/**
 * The account for a Google identity: the one already linked to it; else the customer account with
 * that email, linked only when Google says the email is verified; else a new customer.
 *
 * Linking by email is the first proof that the address belongs to whoever signs in: nothing checked
 * it at signup or in a profile edit, and an account already linked to another Google account may
 * have had the address written into it. So whoever held the account may not be its owner
 * (pre-account hijacking): linking removes the password and the old Google link and ends every
 * session signed before it. The owner signs in with Google from then on.
 */
export async function accountForGoogle(
  db: Db,
  identity: GoogleIdentity,
): Promise<{ user: UserRow; passwordRemoved: boolean }> {
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return { user: refuseStaffOrSuspended(linked), passwordRemoved: false };
  if (!identity.email) throw new GoogleSignInError('no_email');
  // An unverified address could belong to someone else: never let it open or claim an account.
  if (!identity.emailVerified) throw new GoogleSignInError('unverified_email');

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    refuseStaffOrSuspended(existing);
    // Not found by this Google account, so whoever holds the account now got its address some other
    // way: a signup, a profile edit, or another Google account that was linked before the address
    // moved to it. None of those proved the address; this sign-in does.
    const relinked = await updateUser(db, existing.id, {
      googleSub: identity.sub,
      passwordHash: null,
      tokenVersion: existing.tokenVersion + 1,
    });
    if (!relinked) throw new Error('the account to link is gone');
    return { user: relinked, passwordRemoved: existing.passwordHash !== null };
  }
  try {
    const user = await insertUser(db, {
      name: identity.name?.trim() || identity.email.split('@')[0] || 'Customer',
      email: identity.email,
      phone: '',
      role: 'user',
      passwordHash: null,
      googleSub: identity.sub,
    });
    return { user, passwordRemoved: false };
  } catch (err) {
    // The same person finishing two sign-ins at once: the first one made the account.
    if (isUniqueViolation(err)) return accountForGoogle(db, identity);
    throw err;
  }
}
