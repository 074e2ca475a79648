import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '../../../shared/contracts/two-factor.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import type { Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { type UserRow, usedLoginChallenges, userRecoveryCodes, userTotp, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { startLogin } from './login-throttle.js';
import { findUserById } from './queries.js';
import type { ChallengeClaims } from './tokens.js';
import { recordAccountChange } from '../users/history.js';
import { lockForAdminChange } from '../users/queries.js';
import { refuseSuspended } from './sessions.js';

/**
 * Two-factor sign-in for staff (DECISIONS.md §7.6): TOTP (RFC 6238, 30 s steps, 6 digits, SHA-1, as
 * authenticator apps expect), a code accepted one step either side of now, each time step accepted
 * once per account; and recovery codes, each accepted once.
 */
const STEP_TOLERANCE_SECONDS = 30;

const ALREADY_ON = 'Two-factor sign-in is already on for this account';
const NOT_ON = 'Two-factor sign-in is not on for this account';
export const WRONG_CODE = 'That code is not valid. Codes can be used only once.';
export const CHALLENGE_ENDED = 'This sign-in has expired. Please log in again.';

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** A recovery code is only kept as this: bound to its account, so one hash never matches another's. */
const hashRecoveryCode = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** `xxxxx-xxxxx`: 50 random bits, from letters and digits that are easy to read back. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => BASE32[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function totpRow(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/** Whether the account signs in with a second step. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await totpRow(db, userId);
  return Boolean(row?.enabledAt);
}

/** Of these accounts, those with two-factor sign-in on. */
export async function twoFactorUserIds(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(inArray(userTotp.userId, userIds), isNotNull(userTotp.enabledAt)));
  return new Set(rows.map((r) => r.userId));
}

export async function twoFactorStatus(db: Db, userId: string) {
  const row = await totpRow(db, userId);
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0) };
}

/** The time step of a valid TOTP code for `secret`, later than `after`; null otherwise. */
async function totpStep(secret: string, code: string, after: number | null): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: STEP_TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a TOTP code or an unused recovery code of an account with two-factor sign-in on, and uses it
 * up, in one statement each: of two requests with the same code, one wins.
 */
async function useCode(db: Db, userId: string, code: string): Promise<boolean> {
  const row = await totpRow(db, userId);
  if (!row?.enabledAt) return false;
  if (isTotpCode(code)) {
    const step = await totpStep(row.secret, code, row.lastTimeStep);
    if (step === null) return false;
    const used = await db
      .update(userTotp)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(userTotp.userId, userId),
          isNotNull(userTotp.enabledAt),
          or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step)),
        ),
      )
      .returning({ userId: userTotp.userId });
    return used.length === 1;
  }
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return used.length === 1;
}

/** A new secret for the account (replacing one not yet confirmed), its otpauth:// address and QR code. */
export async function setUpTwoFactor(db: Db, user: UserRow) {
  const existing = await totpRow(db, user.id);
  if (existing?.enabledAt) throw conflict(ALREADY_ON);
  const secret = generateSecret();
  const stored = await db
    .insert(userTotp)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, lastTimeStep: null, createdAt: sql`now()` },
      // A set-up confirmed by a racing request stays as it is, and this one is refused.
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  if (stored.length !== 1) throw conflict(ALREADY_ON);
  const otpauthUrl = generateURI({ issuer: PRODUCT_NAME, label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** Confirms the set-up with a code from the app; answers the recovery codes, which are never shown again. */
export async function enableTwoFactor(db: Db, userId: string, code: string): Promise<string[]> {
  const row = await totpRow(db, userId);
  if (row?.enabledAt) throw conflict(ALREADY_ON);
  if (!row) throw conflict('Start the set-up first');
  const step = await totpStep(row.secret, code, null);
  if (step === null) throw badRequest('That code is not valid. Enter the 6-digit code your app shows now.');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const enabled = await tx
      .update(userTotp)
      .set({ enabledAt: sql`now()`, lastTimeStep: step })
      .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, row.secret), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId });
    if (enabled.length !== 1) throw conflict('The set-up changed meanwhile. Please start again.');
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(userId, c) })));
  });
  return codes;
}

async function removeTwoFactor(db: Db, userId: string) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  return db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ enabledAt: userTotp.enabledAt });
}

/**
 * The account's owner turns it off with a code (TOTP or recovery). A wrong code counts as a failed
 * sign-in of the account (login-throttle.ts), so a stolen session cannot guess its way through.
 */
export async function disableTwoFactor(db: Db, user: UserRow, code: string): Promise<void> {
  if (!(await hasTwoFactor(db, user.id))) throw conflict(NOT_ON);
  const attempt = await startLogin(db, user.email);
  if (!(await useCode(db, user.id, code))) throw badRequest(WRONG_CODE);
  await attempt.succeeded();
  await db.transaction((tx) => removeTwoFactor(tx, user.id));
}

/**
 * The second step of signing in: a valid challenge (from tokens.verifyChallenge) and a code. Every
 * wrong code counts toward the account's login throttle, like a wrong password.
 */
export async function completeTwoFactorLogin(db: Db, claims: ChallengeClaims | null, code: string): Promise<UserRow> {
  if (!claims) throw unauthorized(CHALLENGE_ENDED);
  const user = await findUserById(db, claims.userId);
  // A password change or an admin's turn-off since the password step ends the challenge too.
  if (!user || user.tokenVersion !== claims.version) throw unauthorized(CHALLENGE_ENDED);
  refuseSuspended(user);
  if (!(await hasTwoFactor(db, user.id))) throw unauthorized(CHALLENGE_ENDED);
  const attempt = await startLogin(db, user.email);
  // The code and the challenge are used up together: a challenge that has signed in once (even by a
  // request racing this one) leaves the code unused, and a wrong code leaves the challenge.
  const outcome = await db.transaction(async (tx) => {
    if (!(await useChallenge(tx, claims))) return CHALLENGE_ENDED;
    if (!(await useCode(tx, user.id, code))) throw unauthorized(WRONG_CODE);
    return null;
  });
  if (outcome) throw unauthorized(outcome);
  await attempt.succeeded();
  return user;
}

/** Records the challenge as used (false if it already was), and forgets those past their expiry. */
async function useChallenge(tx: Db, claims: ChallengeClaims): Promise<boolean> {
  await tx.delete(usedLoginChallenges).where(lt(usedLoginChallenges.expiresAt, sql`now()`));
  const used = await tx
    .insert(usedLoginChallenges)
    .values({ id: claims.id, expiresAt: new Date(claims.expiresAt) })
    .onConflictDoNothing()
    .returning({ id: usedLoginChallenges.id });
  return used.length === 1;
}

/**
 * An admin turns two-factor sign-in off for an account locked out of it. Only a superadmin may do
 * it to a superadmin. Every session of the account ends (its token version is raised).
 */
export async function turnOffTwoFactorFor(
  db: Db,
  actor: { id: string; role: Role },
  targetId: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await lockForAdminChange(tx, actor.id, targetId);
    if (!target) throw notFound('User not found');
    if (target.role === 'superadmin' && actor.role !== 'superadmin') {
      throw forbidden("Only a superadmin may turn off a superadmin's two-factor sign-in");
    }
    const removed = await removeTwoFactor(tx, target.id);
    if (!removed.some((r) => r.enabledAt)) throw conflict(NOT_ON);
    const [updated] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, target.id))
      .returning();
    await recordAccountChange(tx, { userId: target.id, actorId: actor.id, kind: 'two-factor-off' });
    return updated ?? target;
  });
}
