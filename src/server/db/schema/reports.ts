import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  integer,
  bigint,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/**
 * The reports' figures per India day (DECISIONS.md §7.5), kept by the database in the same
 * transaction as the change (the report_daily migration's triggers on tickets, payments, ticket_events and
 * ticket_ratings), so a report reads a row per day and key instead of every ticket of its range:
 * - `booked`, key the status now: tickets created that day (`n`);
 * - `paid`, key the fee (booking, inprogress): orders first paid that day and still paid (`n`, `total` paise);
 * - `assigned`, key '': tickets created that day with an engineer once assigned, and each one's minutes
 *   from creation to the first assignment (`minutes`);
 * - `completed`, key the engineer's id ('' for none): tickets completed that day and their minutes from
 *   creation (`minutes`);
 * - `rated`, key the engineer's id ('' for none): ratings given that day (`n`, `total` points).
 * The medians need every value, so `minutes` holds them all, one sorted array per day and key.
 * `slot` spreads the rows every booking writes (`booked`, `paid`) over the database connections (its
 * backend's pid modulo 8), so concurrent bookings do not queue on one row; a figure is the sum over
 * slots.
 * `rf_report_rebuild()` recomputes the whole table from the tickets, payments, events and ratings.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    day: date('day').notNull(),
    measure: text('measure').notNull(),
    key: text('key').notNull().default(''),
    slot: smallint('slot').notNull().default(0),
    n: integer('n').notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    minutes: doublePrecision('minutes')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.measure, t.key, t.slot] }),
    check('report_daily_measure', sql`${t.measure} in ('booked', 'paid', 'assigned', 'completed', 'rated')`),
  ],
);

/**
 * The same minutes per ISO week (Monday to Sunday), kept by the same triggers: `assigned` (key ''),
 * `completed` by engineer (key the engineer's id, '' for none) and all of them (key '*'). A range's
 * full weeks read a row per week instead of seven, and each sorted array answers "how many are at
 * most v" by a binary search (width_bucket), so an exact median over a long range reads a few rows
 * and a narrow slice of each (queries.ts), not every ticket. Stored uncompressed (storage external):
 * a compressed array is decompressed whole at each read.
 */
export const reportWeekly = pgTable(
  'report_weekly',
  {
    /** The week's Monday. */
    week: date('week').notNull(),
    measure: text('measure').notNull(),
    key: text('key').notNull().default(''),
    minutes: doublePrecision('minutes')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.measure, t.key] }),
    check('report_weekly_measure', sql`${t.measure} in ('assigned', 'completed')`),
  ],
);
