import {
  catalogueResponseSchema,
  serviceBodySchema,
  serviceResponseSchema,
  successResponseSchema,
} from '../../../shared/contracts/admin.js';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { addService, editService, fullCatalogue, removeService } from './admin-service.js';

const bearer = [{ bearer: [] }];

export async function catalogueAdminRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/services/all', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Main services with their sub-services',
      security: bearer,
      response: { 200: catalogueResponseSchema, ...errors(401, 403) },
    },
    handler: async () => ({ mainServices: await fullCatalogue(db) }),
  });

  app.post('/api/admin/services', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Add a main service (parentId null) or a sub-service',
      security: bearer,
      body: serviceBodySchema,
      response: { 201: serviceResponseSchema, ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.status(201).send({ service: await addService(db, request.body) }),
  });

  app.patch('/api/admin/services/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Rename a service or change its parent category',
      security: bearer,
      params: idParamsSchema,
      body: serviceBodySchema,
      response: { 200: serviceResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({ service: await editService(db, request.params.id, request.body) }),
  });

  app.delete('/api/admin/services/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Delete a service and its sub-services (tickets and requests keep their names)',
      security: bearer,
      params: idParamsSchema,
      response: { 200: successResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await removeService(db, request.params.id);
      return { success: true as const };
    },
  });
}
