import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters, shared by every instance (DECISIONS.md §7.6: N instances must not give N
 * times the budget): one row per limit and client (or account), counting hits until `reset_at`.
 * Rows past `reset_at` are dead and swept (`db/rate-limits.ts`).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
