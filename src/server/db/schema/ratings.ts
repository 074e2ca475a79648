import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tickets } from './tickets.js';
import { users } from './users.js';

/**
 * The customer's rating of a completed ticket: one per ticket (the key), so a second is a conflict
 * however the calls race. The engineer is copied from the ticket (fixed once it is completed), so an
 * engineer's average reads one index.
 */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    engineerId: uuid('engineer_id').references(() => users.id, { onDelete: 'set null' }),
    score: smallint('score').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ticket_ratings_score_range', sql`${t.score} between 1 and 5`),
    index('ticket_ratings_engineer_idx').on(t.engineerId),
  ],
);
