import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Google sign-ins in flight: state, nonce and PKCE verifier kept server-side, deleted on use, so a
 * callback can be completed once (across every instance) and only within its lifetime.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);
