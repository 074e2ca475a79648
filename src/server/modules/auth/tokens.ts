import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { idSchema } from '../../../shared/contracts/common.js';
import type { Config } from '../../config.js';

const ISSUER = 'remotefix';
const TOKEN_LIFETIME = '7d';

export interface TokenService {
  sign(userId: string): Promise<string>;
  /** The user id of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<string | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        // Only a user id is a subject: anything else would reach the uuid column and fail there.
        const sub = idSchema.safeParse(payload.sub);
        return sub.success ? sub.data : null;
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
  const dir = resolve(config.dataDir);
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
