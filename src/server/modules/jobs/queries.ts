import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { JobState } from '../../../shared/contracts/jobs.js';
import type { Db } from '../../db/client.js';
import { emails } from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';

/**
 * pg-boss's job table, the columns read here. Its schema is pg-boss's own (it creates and migrates
 * it at start, `jobs/queue.ts`), not the app's migrations: declared here, not in `db/schema/`.
 */
const job = pgSchema('pgboss').table('job', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  state: text('state').$type<JobState>().notNull(),
  retryCount: integer('retry_count').notNull(),
  retryLimit: integer('retry_limit').notNull(),
  data: jsonb('data'),
  output: jsonb('output'),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  completedOn: timestamp('completed_on', { withTimezone: true }),
});

// pg-boss keeps a failure as the error serialised (`{ message, … }`), or `{ value }` for its own
// ("pg-boss shut down while active", `{ value: { message } }` for a timeout); a completed job's output
// is its handler's result, no error.
const lastError = sql<string | null>`case when ${job.state} <> 'completed' then coalesce(
  ${job.output}->>'message', ${job.output}->'value'->>'message', ${job.output}->>'value') end`;

const columns = {
  id: job.id,
  name: job.name,
  state: job.state,
  retryCount: job.retryCount,
  lastError,
  createdAt: job.createdOn,
  completedAt: job.completedOn,
  email: { id: emails.id, to: emails.to, subject: emails.subject, status: emails.status },
};

/** An `email.send` job's email (email/jobs.ts: its payload is `{ emailId }`). */
const sentEmail = and(eq(job.name, 'email.send'), sql`${emails.id} = (${job.data}->>'emailId')::uuid`);

// pg-boss's own bookkeeping queue (the schedules' sender) is not one of the app's jobs.
const appJob: SQL = sql`not starts_with(${job.name}, '__pgboss__')`;

export const listJobs = (db: Db, state: JobState, limit: number, cursor?: Cursor) =>
  db
    .select(columns)
    .from(job)
    .leftJoin(emails, sentEmail)
    .where(and(eq(job.state, state), appJob, olderThan(job.createdOn, job.id, cursor)))
    .orderBy(desc(job.createdOn), desc(job.id))
    .limit(limit + 1);

export const findJob = async (db: Db, id: string) =>
  (
    await db
      .select(columns)
      .from(job)
      .leftJoin(emails, sentEmail)
      .where(and(eq(job.id, id), appJob))
  )[0];

/** As pg-boss's own retry: back to `retry` with one attempt more, which a worker picks up at once. */
export async function retryFailedJob(db: Db, id: string) {
  const [retried] = await db
    .update(job)
    .set({ state: 'retry', retryLimit: sql`${job.retryLimit} + 1` })
    .where(and(eq(job.id, id), eq(job.state, 'failed'), appJob))
    .returning({ id: job.id });
  return retried && findJob(db, retried.id);
}
