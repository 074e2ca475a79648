import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A staff account's authenticator (DECISIONS.md §7.6). `secret` is a credential: it is sent once, in
 * the answer to the set-up call, and never again (no viewer model lists this table, no log names it).
 * A row with `enabledAt` null is a set-up not yet confirmed with a code: sign-in ignores it.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as authenticator apps read it. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or an earlier one is a replay. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes, each kept only as its SHA-256 and usable once (`usedAt`). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Two-factor challenges already turned into a session (their `jti`): a challenge signs in once, like
 * the code given with it. Kept until the challenge would have expired anyway; each completed sign-in
 * deletes the ones past that.
 */
export const usedLoginChallenges = pgTable('used_login_challenges', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
