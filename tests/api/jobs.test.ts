import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../src/server/jobs/definition.js';
import { createJobs, type Jobs } from '../../src/server/jobs/queue.js';
import type { Job, JobsResponse } from '../../src/shared/contracts/jobs.js';
import type { Role } from '../../src/shared/roles.js';
import { bearer, signUp } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The admins' view of the background jobs (GET /api/admin/jobs, POST /api/admin/jobs/{id}/retry): a
// job that keeps failing stays, listed, until an admin runs it again. The failing jobs run on a second
// queue on the app's database, as on another instance: the list reads the database, not one process.

type Caller = 'anonymous' | Role;
let t: TestApp;
let jobs: Jobs<(typeof definitions)[number]>;
const headers = { anonymous: {} } as Record<Caller, Record<string, string>>;
let failing = true;
const attempts = new Map<string, number>();

const definitions = [
  defineJob({
    name: 'test.flaky',
    payload: z.object({}),
    retryLimit: 1,
    retryDelay: 1,
    async handler(_payload, { id }) {
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      if (failing) throw new Error(`flaky: attempt ${attempt} failed`);
    },
  }),
];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' });
  for (const role of ['user', 'engineer', 'admin'] as const) headers[role] = (await signUp(t, {}, role)).headers;
  const root = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root@example.com', password: 'root-password-1' },
  });
  headers.superadmin = bearer(root.json().token);
  jobs = createJobs(t.database.openJobsConnection(), pino({ level: 'silent' }), definitions, {
    pollingIntervalSeconds: 0.5,
  });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

const list = (query = '', caller: Caller = 'admin') =>
  t.app.inject({ method: 'GET', url: `/api/admin/jobs${query}`, headers: headers[caller] });
const retry = (id: string, caller: Caller = 'admin') =>
  t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: headers[caller] });
const listed = async (query = '') => ((await list(query)).json() as JobsResponse).jobs;
const enqueueFlaky = () => t.database.db.transaction((tx) => jobs.enqueue(tx, 'test.flaky', {}));

/** Waits (up to 15 s) until the job is in `state`, and answers it as the list shows it. */
async function inState(id: string, state: Job['state']): Promise<Job> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const job = (await listed(`?state=${state}&limit=100`)).find((j) => j.id === id);
    if (job) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} never ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('who may see and retry jobs', () => {
  const unknown = randomUUID();
  for (const caller of ['anonymous', 'user', 'engineer'] as const) {
    const status = caller === 'anonymous' ? 401 : 403;
    it(`${caller}: ${status} on both routes`, async () => {
      for (const res of [await list('', caller), await retry(unknown, caller)]) {
        expect(res.statusCode).toBe(status);
        expect(typeof res.json().error).toBe('string');
      }
    });
  }
  for (const caller of ['admin', 'superadmin'] as const) {
    it(`${caller}: the list, and 404 for a job that does not exist`, async () => {
      const res = await list('', caller);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ jobs: expect.any(Array), nextCursor: null });
      const missing = await retry(unknown, caller);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Job not found' });
    });
  }

  it('400 for a state that is not one, a malformed cursor or id', async () => {
    expect((await list('?state=lost')).statusCode).toBe(400);
    expect((await list('?cursor=nonsense')).statusCode).toBe(400);
    expect((await retry('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a job that keeps failing', () => {
  it('ends failed after its retries, is listed with its last error, and runs again when retried', async () => {
    failing = true;
    const id = await enqueueFlaky();
    const failed = await inState(id, 'failed');
    expect(attempts.get(id)).toBe(2); // the first attempt and its one retry
    expect(failed).toEqual({
      id,
      name: 'test.flaky',
      state: 'failed',
      retryCount: 1,
      lastError: 'flaky: attempt 2 failed',
      createdAt: expect.any(String),
      completedAt: expect.any(String),
      email: null, // not an email.send
    });
    expect(await listed()).toContainEqual(failed); // failed is the default

    failing = false;
    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().job).toMatchObject({ id, state: 'retry', lastError: 'flaky: attempt 2 failed' });
    expect(await inState(id, 'completed')).toMatchObject({ id, lastError: null });
    expect(attempts.get(id)).toBe(3);
    expect((await listed()).map((j) => j.id)).not.toContain(id);

    // Only a failed job may be retried.
    const again = await retry(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Only a failed job can be retried; this one is completed' });
  });

  it('lists newest first, a page at a time', async () => {
    failing = true;
    const older = await enqueueFlaky();
    const newer = await enqueueFlaky();
    await inState(older, 'failed');
    await inState(newer, 'failed');
    const first = (await list('?limit=1')).json() as JobsResponse;
    expect(first.jobs.map((j) => j.id)).toEqual([newer]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await list(`?limit=1&cursor=${first.nextCursor}`)).json() as JobsResponse;
    expect(second.jobs.map((j) => j.id)).toEqual([older]);
  });

  it("never lists the queue's own bookkeeping jobs", async () => {
    for (const state of ['created', 'completed', 'failed'] as const) {
      for (const job of await listed(`?state=${state}&limit=100`)) expect(job.name).not.toMatch(/^__pgboss__/);
    }
  });
});
