import { avg, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticketRatings } from '../../db/schema/index.js';

export async function hasRating(db: Db, ticketId: string) {
  const [row] = await db
    .select({ ticketId: ticketRatings.ticketId })
    .from(ticketRatings)
    .where(eq(ticketRatings.ticketId, ticketId))
    .limit(1);
  return row !== undefined;
}

/** Stores the rating; false when the ticket has one already (its key). */
export async function insertRating(db: Db, values: typeof ticketRatings.$inferInsert) {
  const rows = await db
    .insert(ticketRatings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ticketRatings.ticketId });
  return rows.length > 0;
}

/** The average and number of the ratings of an engineer's tickets. */
export async function engineerAverage(db: Db, engineerId: string) {
  const [row] = await db
    .select({ average: avg(ticketRatings.score), count: count() })
    .from(ticketRatings)
    .where(eq(ticketRatings.engineerId, engineerId));
  return {
    average: row?.average == null ? null : Math.round(Number(row.average) * 100) / 100,
    count: Number(row?.count ?? 0),
  };
}
