import {
  contactHandledBodySchema,
  contactListQuerySchema,
  contactResponseBodySchema,
  contactsResponseSchema,
} from '../../../shared/contracts/admin.js';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import { contactBodySchema, contactResponseSchema } from '../../../shared/contracts/contact.js';
import { pageQuerySchema } from '../../../shared/contracts/tickets.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { errors, ONE_MINUTE, type ZodApp } from '../../lib/http.js';
import type { Notices } from '../email/notices.js';
import { contactRequestPage, markContactHandled, submitContactRequest } from './service.js';

export async function contactRoutes(
  app: ZodApp,
  { db, config, notices }: { db: Db; config: Config; notices: Notices },
) {
  app.post('/api/contact/add', {
    config: {
      access: 'public',
      rateLimit: { max: config.rateLimit.contact, timeWindow: ONE_MINUTE, groupId: 'contact' },
    },
    schema: {
      tags: ['contact'],
      summary: 'Send a public repair request',
      body: contactBodySchema,
      response: { 201: contactResponseSchema, ...errors(400, 413, 429) },
    },
    handler: async (request, reply) => {
      await submitContactRequest(db, notices, request.body);
      return reply.status(201).send({ success: true as const });
    },
  });

  app.get('/api/admin/contacts', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary:
        'Repair requests from the public form, newest first, optionally open or handled only and matching a search (paged)',
      security: [{ bearer: [] }],
      querystring: pageQuerySchema.extend(contactListQuerySchema.shape),
      response: { 200: contactsResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const { limit, cursor, handled, q } = request.query;
      return contactRequestPage(db, {
        limit,
        cursor,
        handled: handled === undefined ? undefined : handled === 'true',
        search: q,
      });
    },
  });

  app.patch('/api/admin/contacts/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Mark a repair request handled, or open again',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      body: contactHandledBodySchema,
      response: { 200: contactResponseBodySchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => markContactHandled(db, request.params.id, request.body.handled),
  });
}
