import type { Db } from '../../db/client.js';
import { countHit, uncountHit } from '../../db/rate-limits.js';
import { tooManyRequests } from '../../lib/errors.js';

/**
 * DECISIONS.md §7.6: after 10 failed logins for one email within 15 minutes, that email's logins
 * answer 429 for at least a minute, from any address and with any password.
 */
export const ACCOUNT_LOGIN_LIMIT = { failures: 10, windowMs: 15 * 60_000, lockMs: 60_000 } as const;

/** Per email, whether or not an account has it: a lock must not tell which emails have accounts. */
const keyOf = (email: string) => `login-account:${email}`;

const wait = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Counts a login for `email` as failed before its password is checked, in one atomic statement, so
 * guesses sent all at once cannot all pass a check made before any of them failed; past the limit
 * it throws the 429. The caller takes the count back when the password was right (`succeeded`):
 * a success never clears the failures before it, so an attacker gains no guesses from the owner
 * signing in, nor from signing in to an account of their own.
 */
export async function startLogin(db: Db, email: string): Promise<{ succeeded(): Promise<void> }> {
  const { failures, windowMs, lockMs } = ACCOUNT_LOGIN_LIMIT;
  const key = keyOf(email);
  const { count, ttlMs } = await countHit(db, key, windowMs, { at: failures, ms: lockMs });
  if (count > failures) {
    throw tooManyRequests(
      `Too many failed sign-ins for this account. Please try again in ${wait(ttlMs)}.`,
      Math.max(1, Math.ceil(ttlMs / 1000)),
    );
  }
  return { succeeded: () => uncountHit(db, key) };
}
