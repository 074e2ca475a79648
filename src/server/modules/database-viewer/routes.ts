import {
  dbModelParamsSchema,
  dbModelsResponseSchema,
  dbRecordsQuerySchema,
  dbRecordsResponseSchema,
} from '../../../shared/contracts/admin.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { VIEWER_MODELS } from './models.js';
import { recordsPage } from './queries.js';

const bearer = [{ bearer: [] }];

/** The admin database viewer (SPEC.md /admin-prisma; DECISIONS.md §5). */
export async function databaseViewerRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/prisma', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['database viewer'],
      summary: 'The model names the viewer can show',
      security: bearer,
      response: { 200: dbModelsResponseSchema, ...errors(401, 403) },
    },
    handler: async () => Object.keys(VIEWER_MODELS),
  });

  app.get('/api/prisma/:model', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['database viewer'],
      summary: 'One model’s records, newest first; `limit` (≤ 500) and `offset`; `X-Next-Offset` names the next page',
      security: bearer,
      params: dbModelParamsSchema,
      querystring: dbRecordsQuerySchema,
      response: { 200: dbRecordsResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const model = Object.hasOwn(VIEWER_MODELS, request.params.model)
        ? VIEWER_MODELS[request.params.model]
        : undefined;
      if (!model) throw notFound(`Unknown model: ${request.params.model}`);
      const { limit, offset } = request.query;
      const { records, more } = await recordsPage(db, model, limit, offset);
      if (more) reply.header('X-Next-Offset', String(offset + limit));
      return records;
    },
  });
}
