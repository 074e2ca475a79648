import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCOUNT_CHANGE_KINDS, type AccountDetail } from '../../../shared/account-changes.js';
import { ROLES } from '../../../shared/roles.js';

export const roleEnum = pgEnum('role', ROLES);

/** A session logged out before its token expired: the token's id (`jti`) and expiry (ms since the epoch). */
export interface EndedSession {
  id: string;
  expiresAt: number;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased; the unique index makes "one account per email" hold under races. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: roleEnum('role').notNull().default('user'),
    /** argon2id hash; null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    /** The OIDC subject of a linked Google account. */
    googleSub: text('google_sub'),
    /** Every token carries the version it was signed at; raising it ends every session signed before. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Sessions logged out (POST /api/logout) whose tokens have not expired yet: the guard refuses
     * them. On the account's row, so a logout is an account change like any other (announced on
     * rf_account, which every instance's guard and event streams already follow); each logout drops
     * the entries past their expiry.
     */
    endedSessions: jsonb('ended_sessions').$type<EndedSession[]>().notNull().default([]),
    /**
     * When an admin suspended the account, or null: a suspended account signs in by no path and
     * no session of it holds (auth/sessions.ts); its tickets and messages stay.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_sub_unique')
      .on(t.googleSub)
      .where(sql`${t.googleSub} is not null`),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;

export const accountChangeKindEnum = pgEnum('account_change_kind', ACCOUNT_CHANGE_KINDS);

/**
 * What admins did to each account (users/history.ts): who, what and when, written in the transaction
 * that makes the change. The role before and after, where the change is one of role.
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who did it; null once that account is gone. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: accountChangeKindEnum('kind').notNull(),
    fromRole: roleEnum('from_role'),
    toRole: roleEnum('to_role'),
    /** Which details an admin corrected ('details'): their names, never their values. */
    fields: text('fields').array().$type<AccountDetail[]>(),
    // clock_timestamp(), not now(): several changes of one transaction keep their order.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('account_changes_user_idx').on(t.userId, t.createdAt, t.id)],
);
