import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { idSchema } from '../../../shared/contracts/common.js';
import type { Config } from '../../config.js';
import { ensureDataDir } from '../../db/data-dir.js';

const ISSUER = 'remotefix';
const TOKEN_LIFETIME = '7d';

/**
 * Synchronous on purpose: an HS256 check is one HMAC, cheaper than a hop to libuv's thread pool
 * (where WebCrypto ran it, queued behind argon2id password hashing during a burst of logins).
 */
export interface TokenService {
  /** A token for the user at their current token version (users.tokenVersion). */
  sign(user: { id: string; tokenVersion: number }): string;
  /** The user id and version of a valid, unexpired token; null for anything else. */
  verify(token: string): { userId: string; version: number } | null;
}

/** A token signed before versions existed carries none: it is version 0, every account's first. */
const versionSchema = z.number().int().nonnegative().optional().default(0);

export function createTokenService(secret: string): TokenService {
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
    sign: (user) => sign({ sub: user.id, ver: user.tokenVersion }),
    verify(token) {
      try {
        const payload = verify(token) as { sub?: unknown; ver?: unknown };
        // Only a user id is a subject: anything else would reach the uuid column and fail there.
        const sub = idSchema.safeParse(payload.sub);
        const version = versionSchema.safeParse(payload.ver);
        return sub.success && version.success ? { userId: sub.data, version: version.data } : null;
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
