import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { idSchema } from '../../../shared/contracts/common.js';
import type { Config } from '../../config.js';
import { ensureDataDir } from '../../db/data-dir.js';

const ISSUER = 'remotefix';
const TOKEN_LIFETIME = '7d';
/** A password accepted for an account with two-factor sign-in: what `POST /api/login/2fa` needs with the code. */
const CHALLENGE_ISSUER = 'remotefix-2fa';
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * Synchronous on purpose: an HS256 check is one HMAC, cheaper than a hop to libuv's thread pool
 * (where WebCrypto ran it, queued behind argon2id password hashing during a burst of logins).
 */
export interface TokenService {
  /** A token for the user at their current token version (users.tokenVersion). */
  sign(user: { id: string; tokenVersion: number }): string;
  /** The user id, version, expiry and session id of a valid, unexpired token; null for anything else. */
  verify(token: string): SessionClaims | null;
  /**
   * A two-factor challenge for the user, valid 5 minutes, only at their current token version, and
   * once (its id: two-factor.ts records it when it signs in).
   */
  signChallenge(user: { id: string; tokenVersion: number }): string;
  /** The claims of a valid, unexpired challenge; null for anything else (a session token included). */
  verifyChallenge(challenge: string): ChallengeClaims | null;
}

export interface TokenClaims {
  userId: string;
  version: number;
  /** When the token stops being accepted, in ms since the epoch. */
  expiresAt: number;
}

export interface SessionClaims extends TokenClaims {
  /** The session's own id (`jti`), which a logout ends; null in a token signed before sessions had one. */
  sessionId: string | null;
}

export interface ChallengeClaims extends TokenClaims {
  /** The challenge's own id (`jti`), which a completed sign-in uses up. */
  id: string;
}

/** A token signed before versions existed carries none: it is version 0, every account's first. */
const versionSchema = z.number().int().nonnegative().optional().default(0);

/** The claims of a verified token or challenge, or null when they are not a user id and a version. */
function claimsOf(payload: { sub?: unknown; ver?: unknown; exp?: unknown }): TokenClaims | null {
  // Only a user id is a subject: anything else would reach the uuid column and fail there.
  const sub = idSchema.safeParse(payload.sub);
  const version = versionSchema.safeParse(payload.ver);
  // Required and checked by the verifier (seconds since the epoch).
  const exp = typeof payload.exp === 'number' ? payload.exp : NaN;
  return sub.success && version.success && Number.isFinite(exp)
    ? { userId: sub.data, version: version.data, expiresAt: exp * 1000 }
    : null;
}

export function createTokenService(secret: string): TokenService {
  // Challenges are signed with a key of their own (and another issuer), so neither kind of token
  // can ever pass for the other.
  const challengeKey = createHmac('sha256', secret).update('remotefix two-factor challenge').digest('base64url');
  const signChallenge = createSigner({
    key: challengeKey,
    algorithm: 'HS256',
    iss: CHALLENGE_ISSUER,
    expiresIn: CHALLENGE_LIFETIME_MS,
  });
  const verifyChallenge = createVerifier({
    key: challengeKey,
    algorithms: ['HS256'],
    allowedIss: CHALLENGE_ISSUER,
    requiredClaims: ['iss', 'sub', 'exp', 'ver', 'jti'],
  });
  const sign = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER, expiresIn: TOKEN_LIFETIME });
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    // fast-jwt checks a claim only when it is present: without these, a token with no issuer or
    // no expiry would pass.
    requiredClaims: ['iss', 'sub', 'exp'],
  });
  return {
    sign: (user) => sign({ sub: user.id, ver: user.tokenVersion, jti: randomUUID() }),
    verify(token) {
      try {
        const payload = verify(token) as { sub?: unknown; ver?: unknown; exp?: unknown; jti?: unknown };
        const claims = claimsOf(payload);
        return claims && { ...claims, sessionId: typeof payload.jti === 'string' ? payload.jti : null };
      } catch {
        return null;
      }
    },
    signChallenge: (user) => signChallenge({ sub: user.id, ver: user.tokenVersion, jti: randomUUID() }),
    verifyChallenge(challenge) {
      try {
        const payload = verifyChallenge(challenge) as { sub?: unknown; ver?: unknown; exp?: unknown; jti?: unknown };
        const claims = claimsOf(payload);
        return claims && typeof payload.jti === 'string' ? { ...claims, id: payload.jti } : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * JWT_SECRET, or (outside production) a secret generated once and kept in DATA_DIR so that
 * logins survive a restart. Production requires JWT_SECRET (checked in config).
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(resolve(config.dataDir), 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensureDataDir(config.dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
