import { z } from 'zod';
import { TICKET_STATUSES } from '../tickets.js';
import { daysInRange } from '../dates.js';

const REPORT_FIRST_DATE = '2000-01-01';
const REPORT_LAST_DATE = '2999-12-31';

/** The longest range a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

/**
 * A calendar date (India time) as `YYYY-MM-DD`, checked to exist (no 2026-02-30), in the years a
 * business report can mean (PostgreSQL has no year 0, and a week past 9999-12-31 overflows).
 */
const reportDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Dates are YYYY-MM-DD' })
  .refine((s) => s >= REPORT_FIRST_DATE && s <= REPORT_LAST_DATE, {
    message: `Dates are from ${REPORT_FIRST_DATE} to ${REPORT_LAST_DATE}`,
  })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'No such date');

export const reportQuerySchema = z
  .object({ from: reportDate, to: reportDate })
  .refine((q) => q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] })
  .refine((q) => daysInRange(q.from, q.to) <= REPORT_MAX_DAYS, {
    message: `A report covers at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const count = z.number().int().nonnegative();
/** Minutes, or null when no ticket in the range has the figure. */
const minutes = z.number().nullable();

/** DECISIONS.md §7.5: what the business did in a date range (India time, both ends included). */
export const reportSchema = z.object({
  tickets: z.object({
    /** Tickets created in the range. */
    booked: count,
    /** Tickets completed in the range. */
    completed: count,
    /** The booked tickets by their status now. */
    byStatus: z.object(
      Object.fromEntries(TICKET_STATUSES.map((s) => [s, count])) as Record<
        (typeof TICKET_STATUSES)[number],
        typeof count
      >,
    ),
  }),
  /** What was captured or verified in the range, in paise. */
  revenue: z.object({ bookingPaise: count, inProgressPaise: count, totalPaise: count }),
  /** Booked in the range: creation to the first assignment. */
  minutesToAssign: z.object({ median: minutes }),
  /** Completed in the range: creation to completion. */
  minutesToComplete: z.object({ median: minutes, p90: minutes }),
  /** Ratings given in the range. */
  ratings: z.object({ average: z.number().nullable(), count }),
  /**
   * Each engineer with a ticket completed, or rated, in the range, most completed first. Ratings count
   * by the day they were given, as `ratings` does: a repair finished on the 31st and rated on the 1st
   * is in the next month's average.
   */
  engineers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      completed: count,
      medianMinutes: minutes,
      /** Of the ratings given in the range to tickets they completed. */
      averageRating: z.number().nullable(),
    }),
  ),
  /** Every date of the range, oldest first, zeros included. */
  daily: z.array(z.object({ date: z.string(), booked: count, completed: count, revenuePaise: count })),
});
export type Report = z.infer<typeof reportSchema>;
