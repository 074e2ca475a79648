import { z } from 'zod';
import { EMAIL_STATUSES } from './emails.js';
import { pageQuerySchema } from './tickets.js';

/** A background job's states, as the job queue (pg-boss) names them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A background job as the admins see it. */
export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Attempts after the first (a failed job that was never retried: 0). */
  retryCount: z.number().int(),
  /** The last attempt's error, while the job has not completed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it completed, or last failed for good. */
  completedAt: z.string().nullable(),
  /**
   * The email an `email.send` job sends, and where that email stands now (sent since, from Outgoing
   * email's Retry, say); null for any other job.
   */
  email: z.object({ id: z.string(), to: z.string(), subject: z.string(), status: z.enum(EMAIL_STATUSES) }).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  state: z.enum(JOB_STATES).default('failed'),
});

export const jobsResponseSchema = z.object({
  jobs: z.array(jobSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type JobsResponse = z.infer<typeof jobsResponseSchema>;

export const jobResponseSchema = z.object({ job: jobSchema });
