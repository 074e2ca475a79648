import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import type { JobsConnection } from '../db/jobs-connection.js';
import type { AnyJobDefinition, PayloadOf } from './definition.js';
import { transactionSql } from './transaction-sql.js';

export interface Jobs<D extends AnyJobDefinition = AnyJobDefinition> {
  /** Creates pg-boss's schema and the queues if need be, then works the jobs and keeps the schedules. */
  start(): Promise<void>;
  /** Lets running handlers finish (briefly), then closes the queue's connection. */
  stop(): Promise<void>;
  /** Adds a job inside the caller's transaction `tx`: it exists, and runs, only if `tx` commits. */
  enqueue<N extends D['name']>(tx: Db, name: N, payload: PayloadOf<D, N>): Promise<string>;
}

export interface JobsOptions {
  /** How often a worker looks for its next job when it found none (pg-boss's default, 2 s). */
  pollingIntervalSeconds?: number;
}

/** How long stop() lets running handlers finish before it marks them failed (tried again later). */
const STOP_GRACE_MS = 3000;
/** Failed jobs stay in the queue, listed and retryable, this long (pg-boss would archive them after 12 hours). */
const FAILED_KEPT_SECONDS = 365 * 24 * 60 * 60;
/**
 * pg-boss 10 records a job's outcome (complete or fail) without awaiting it (later majors, which need
 * Node 22, await it): a database error there would be an unhandled rejection, which ends the process.
 * Those two statements are the ones it sends with (queue, [job ids], output); an error of theirs is
 * logged instead, and the job, left active, fails by pg-boss's expiry (15 minutes) and is retried.
 */
const isOutcome = (values?: unknown[]) => values?.length === 3 && Array.isArray(values[1]);
/** PostgreSQL's "deadlock detected". */
const DEADLOCK = '40P01';

export function createJobs<D extends AnyJobDefinition>(
  connection: JobsConnection,
  log: FastifyBaseLogger,
  definitions: readonly D[],
  { pollingIntervalSeconds = 2 }: JobsOptions = {},
): Jobs<D> {
  const byName = new Map<string, D>(definitions.map((d) => [d.name, d]));
  // Every statement pg-boss runs is counted, so that stop() can wait for the last one before the
  // connection closes; none runs after that.
  const inFlight = new Set<Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  let closed = false;
  const track = <T>(set: Set<Promise<unknown>>, work: Promise<T>) => {
    set.add(work);
    void work.catch(() => {}).finally(() => set.delete(work));
    return work;
  };
  const executeSql = async (text: string, values?: unknown[]) => {
    const outcome = isOutcome(values);
    if (closed) return { rows: outcome ? [{ count: 0 }] : [] };
    try {
      return await track(inFlight, connection.executeSql(text, values));
    } catch (err) {
      if (!outcome) throw err;
      log.error({ err }, 'job queue: a job ended but its outcome was not recorded (it fails when it expires)');
      return { rows: [{ count: 0 }] };
    }
  };
  const boss = new PgBoss({ db: { executeSql }, archiveFailedAfterSeconds: FAILED_KEPT_SECONDS });
  boss.on('error', (err) => log.error({ err }, 'job queue'));
  let stopping = false;
  let started = false;

  const options = (d: D) => ({
    retryLimit: d.retryLimit,
    retryDelay: d.retryDelay,
    retryBackoff: true,
    ...(d.expireInSeconds ? { expireInSeconds: d.expireInSeconds } : {}),
  });

  // pg-boss's create_queue adds the queue's row, then a foreign key to that table: two instances
  // creating queues at once (a first start together) can deadlock, and PostgreSQL cancels one. A queue
  // created again is no change (it exists), so the one cancelled tries again.
  const createQueue = async (d: D, attempt = 1): Promise<void> => {
    try {
      await boss.createQueue(d.name, { name: d.name, ...options(d) });
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * attempt));
      await createQueue(d, attempt + 1);
    }
  };

  const run = async (d: D, job: PgBoss.JobWithMetadata<unknown>) => {
    try {
      return await d.handler(d.payload.parse(job.data), {
        id: job.id,
        log,
        stopping: () => stopping,
        lastAttempt: job.retryCount >= job.retryLimit,
      });
    } catch (err) {
      log.warn({ err, job: d.name, id: job.id }, 'job failed');
      throw err;
    }
  };

  /**
   * Runs the jobs a worker fetched. One job: its outcome is pg-boss's (a throw fails it). Several
   * (`batchSize`): each runs on its own, a failed one is failed here, and pg-boss completes the others.
   * Then the worker looks for more at once: it waits the polling interval only after finding none.
   */
  const work = (d: D, worker: { id?: string }) => async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
    const outcomes = await Promise.allSettled(jobs.map((job) => track(running, run(d, job))));
    if (worker.id && !stopping) boss.notifyWorker(worker.id);
    const [only] = outcomes;
    if (outcomes.length === 1 && only) {
      if (only.status === 'rejected') throw only.reason;
      return only.value;
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected') await boss.fail(d.name, jobs[i]!.id, outcome.reason as object);
    }
    return undefined;
  };

  return {
    async start() {
      await boss.start();
      started = true;
      for (const d of definitions) {
        await createQueue(d);
        const worker: { id?: string } = {};
        worker.id = await boss.work<unknown>(
          d.name,
          { pollingIntervalSeconds, batchSize: d.batchSize ?? 1, includeMetadata: true },
          work(d, worker),
        );
        if (d.cron) await boss.schedule(d.name, d.cron, {}, options(d));
        else await boss.unschedule(d.name);
      }
    },

    async stop() {
      if (closed) return;
      stopping = true;
      if (started) await boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: false });
      // A handler past the grace was marked failed; it still ends (it is told to stop) before the
      // connection closes, and so does the last statement pg-boss sent (a job's completion).
      while (running.size + inFlight.size > 0) {
        await Promise.allSettled([...running, ...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      closed = true;
      await connection.close();
    },

    async enqueue(tx, name, payload) {
      const d = byName.get(name);
      if (!d) throw new Error(`No job is named ${name}`);
      const id = await boss.send(name, d.payload.parse(payload) as object, { ...options(d), db: transactionSql(tx) });
      // pg-boss adds nothing, silently, to a queue that does not exist.
      if (!id) throw new Error(`The queue ${name} does not exist (is the job queue started?)`);
      return id;
    },
  };
}
