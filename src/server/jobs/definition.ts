import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** What a handler gets besides its payload. */
export interface JobContext {
  /** The job's id (the admin's jobs list shows it). */
  id: string;
  log: FastifyBaseLogger;
  /**
   * True once the queue is stopping (the process shuts down): a long handler stops between two steps
   * and returns; what it left is done by a later run.
   */
  stopping(): boolean;
  /**
   * True on the job's last try: if this attempt fails, the job stays failed (until an admin retries it).
   * Absent when a handler is called outside the queue.
   */
  lastAttempt?: boolean;
}

/**
 * A named job: its payload's schema (checked when it is enqueued and again when it runs), what runs
 * it, and how often it is tried. A handler that throws fails that attempt; the job is tried again
 * after `retryDelay` seconds, doubled (with jitter) for each further attempt, up to `retryLimit` more
 * times, and then stays failed, listed for the admins (`GET /api/admin/jobs`), until one retries it.
 * A handler may run more than once for one job (a process that died mid-run): it must be safe to
 * repeat.
 */
export interface JobDefinition<Name extends string = string, Payload = unknown> {
  name: Name;
  payload: z.ZodType<Payload>;
  handler(payload: Payload, context: JobContext): Promise<unknown>;
  retryLimit: number;
  retryDelay: number;
  /**
   * A cron expression (UTC): the queue sends the job on this schedule, once per slot however many
   * instances run. `null`: not on a schedule in this deployment (a schedule left from an earlier
   * start is removed).
   */
  cron?: string | null;
  /**
   * Jobs a worker takes at once and runs together (default 1), each completing or failing on its own:
   * for many small jobs (emails), where one at a time would spend its time fetching.
   */
  batchSize?: number;
  /** How long one run may take before the queue counts it failed and tries again (pg-boss's default: 15 minutes). */
  expireInSeconds?: number;
}

// `any` so that a list may hold definitions of different payloads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<string, any>;

/** The payload type of the job named `N` among the definitions `D`. */
export type PayloadOf<D extends AnyJobDefinition, N extends string> = D extends JobDefinition<N, infer P> ? P : never;

/** A definition whose name stays a literal type, and whose handler takes what its schema gives. */
export const defineJob = <const Name extends string, Payload>(definition: JobDefinition<Name, Payload>) => definition;
