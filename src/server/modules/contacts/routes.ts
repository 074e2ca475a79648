import { contactBodySchema, contactResponseSchema } from '../../../shared/contracts/contact.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { errors, ONE_MINUTE, type ZodApp } from '../../lib/http.js';
import { submitContactRequest } from './service.js';

export async function contactRoutes(app: ZodApp, { db, config }: { db: Db; config: Config }) {
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
      await submitContactRequest(db, request.body);
      return reply.status(201).send({ success: true as const });
    },
  });
}
