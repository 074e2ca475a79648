import type { JobState } from '../../../shared/contracts/jobs.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { findJob, listJobs, retryFailedJob } from './queries.js';

type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

const jobOf = (row: JobRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

/** Admin: the jobs in one state (failed unless asked), newest first, paged. */
export async function jobPage(db: Db, query: { state: JobState; limit: number; cursor?: string | undefined }) {
  const rows = await listJobs(db, query.state, query.limit, decodeCursor(query.cursor));
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { jobs: page.map(jobOf), nextCursor };
}

/** Admin: a failed job runs again (once more; if it fails again it is failed again). */
export async function retryJob(db: Db, id: string) {
  const retried = await retryFailedJob(db, id);
  if (retried) return jobOf(retried);
  const job = await findJob(db, id);
  if (!job) throw notFound('Job not found');
  throw conflict(`Only a failed job can be retried; this one is ${job.state}`);
}
