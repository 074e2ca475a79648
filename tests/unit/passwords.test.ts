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
