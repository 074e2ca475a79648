import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts what argon2id verifies, by passing every call through to the real library.
const calls = vi.hoisted(() => ({ verify: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hashed: string, password: string) => {
      calls.verify.push(hashed);
      return real.verify(hashed, password);
    },
  };
});

const { hashPassword, verifyPassword } = await import('../../src/server/modules/auth/passwords.js');

/** The argon2id parameters a PHC hash string carries (`m=19456,t=2,p=1`). */
const paramsOf = (hashed: string) => hashed.split('$')[3];

describe('password checks', () => {
  beforeEach(() => {
    calls.verify.length = 0;
  });

  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane', async () => {
    const hashed = await hashPassword('correct horse battery');
    expect(hashed.startsWith('$argon2id$')).toBe(true);
    expect(paramsOf(hashed)).toBe('m=19456,t=2,p=1');
    expect(await verifyPassword(hashed, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hashed, 'wrong horse battery')).toBe(false);
  });

  // An unknown email (or a Google-only account, which has no password) must cost a login the same
  // argon2id work as a wrong password, or its answer time would tell which emails have accounts.
  it('without a stored hash, still verifies once against a hash of the same cost, and says no', async () => {
    const real = await hashPassword('correct horse battery');
    calls.verify.length = 0;

    expect(await verifyPassword(null, 'correct horse battery')).toBe(false);
    expect(calls.verify).toHaveLength(1);
    const [stand_in] = calls.verify;
    expect(stand_in!.startsWith('$argon2id$')).toBe(true);
    expect(paramsOf(stand_in!)).toBe(paramsOf(real));

    // Even the stand-in's own password does not get in.
    expect(await verifyPassword(null, 'not-a-real-password')).toBe(false);
    // The stand-in is hashed once, not on every call.
    expect(calls.verify[1]).toBe(stand_in);
  });

  it('a stored value that is not an argon2 hash is a "no", not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false);
    expect(calls.verify).toHaveLength(1);
  });
});

const { passwordProblem } = await import('../../src/server/lib/password-strength.js');
const { passwordField } = await import('../../src/shared/contracts/auth.js');
const { PASSWORD_REFUSALS } = await import('../../src/shared/password-refusals.js');

/**
 * DECISIONS.md §7.6 (NIST SP 800-63B): a new password is refused when it is among the commonly used
 * or breached ones, or as easy to guess, with a message that says why. Checked on the server by an
 * estimator with a maintained dictionary of breached passwords (zxcvbn-ts), not a hand-written list.
 */
describe('which new passwords are refused', () => {
  it.each([
    'password',
    '12345678',
    'Password123!',
    'P@ssw0rd',
    'qwertyuiop',
    'iloveyou1',
    'trustno1',
    'zaq12wsx',
    'monkey123',
    'aaaaaaaa',
    'abcdefgh',
    '        ',
  ])('refuses %j as too common, saying so', (password) => {
    expect(passwordProblem(password)).toBe(PASSWORD_REFUSALS.tooCommon);
    expect(PASSWORD_REFUSALS.tooCommon).toMatch(/too common.*harder to guess/i);
  });

  it.each(['correct-horse-42', 'zebra-quilt-73', 'kq8-vt3w', 'N0t-the-same-9', 'correct horse battery'])(
    'accepts %j',
    (password) => {
      expect(passwordProblem(password)).toBeUndefined();
    },
  );

  it('refuses a password made of the account’s own email, or of the site’s name, saying so', () => {
    const account = { name: 'Asha Rao', email: 'asha.rao@example.com' };
    expect(passwordProblem('asha.rao@example.com', account)).toBe(PASSWORD_REFUSALS.personal);
    expect(passwordProblem('remotefix2024', account)).toBe(PASSWORD_REFUSALS.personal);
    expect(PASSWORD_REFUSALS.personal).toMatch(/your name.*email.*harder to guess/i);
    expect(passwordProblem('correct-horse-42', account)).toBeUndefined();
  });
});

describe('the password field the forms and the server share', () => {
  it('refuses a password of spaces only, with a message of its own', () => {
    const result = passwordField.safeParse('        ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/blank|only spaces/i);
    expect(passwordField.safeParse(' \t \n    ').success).toBe(false);
  });

  it('keeps spaces inside a password', () => {
    expect(passwordField.parse('correct horse battery')).toBe('correct horse battery');
  });
});
