import { idParamsSchema } from '../../../shared/contracts/common.js';
import { mainServicesResponseSchema, subServicesResponseSchema } from '../../../shared/contracts/catalogue.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { listMainServices } from './queries.js';
import { subServicesOf } from './service.js';

// Public reads (the marketing pages and the booking form): a short shared cache keeps repeat visits cheap.
const PUBLIC_CACHE = 'public, max-age=60';

export async function catalogueRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/services/main', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Main service categories (public)',
      response: { 200: mainServicesResponseSchema },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return { mainServices: await listMainServices(db) };
    },
  });

  app.get('/api/admin/services/:id/sub', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Sub-services of one main service (public)',
      params: idParamsSchema,
      response: { 200: subServicesResponseSchema, ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return { subServices: await subServicesOf(db, request.params.id) };
    },
  });
}
