import { idParamsSchema } from '../../../shared/contracts/common.js';
import { jobListQuerySchema, jobResponseSchema, jobsResponseSchema } from '../../../shared/contracts/jobs.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { jobPage, retryJob } from './service.js';

const bearer = [{ bearer: [] }];

/** The admins' view of the background jobs: what failed, and running one again. */
export async function jobRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/jobs', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Background jobs in one state (default: failed), newest first (paged)',
      security: bearer,
      querystring: jobListQuerySchema,
      response: { 200: jobsResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => jobPage(db, request.query),
  });

  app.post('/api/admin/jobs/:id/retry', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Run a failed job again',
      security: bearer,
      params: idParamsSchema,
      response: { 200: jobResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({ job: await retryJob(db, request.params.id) }),
  });
}
