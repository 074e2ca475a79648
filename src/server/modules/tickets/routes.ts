import { idParamsSchema } from '../../../shared/contracts/common.js';
import { remoteAccessBodySchema } from '../../../shared/contracts/messages.js';
import {
  createTicketBodySchema,
  ticketListQuerySchema,
  ticketResponseSchema,
  ticketsResponseSchema,
} from '../../../shared/contracts/tickets.js';
import type { Db } from '../../db/client.js';
import { accountWriteLimit, errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import type { Notices } from '../email/notices.js';
import { ticketForPaidOrder } from '../payments/service.js';
import { ticketPage } from './serialize.js';
import { customerTicket, setRemoteAccess, ticketForReader } from './service.js';

export async function ticketRoutes(
  app: ZodApp,
  { db, notices, writesPerMinute }: { db: Db; notices: Notices; writesPerMinute: number },
) {
  const writeLimit = accountWriteLimit(app, writesPerMinute);

  app.get('/api/tickets', {
    config: { access: ['user'] },
    schema: {
      tags: ['tickets'],
      summary: 'Your own tickets, newest first (paged); `status` shows only those of one status',
      security: [{ bearer: [] }],
      querystring: ticketListQuerySchema,
      response: { 200: ticketsResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) =>
      ticketPage(
        db,
        { userId: requireUser(request).id, status: request.query.status, id: request.query.id },
        request.query,
        'customer',
        requireUser(request),
      ),
  });

  app.post('/api/tickets', {
    config: { access: ['user'] },
    schema: {
      tags: ['tickets'],
      summary: 'The ticket of a paid booking order (made once; later calls answer the same ticket)',
      security: [{ bearer: [] }],
      body: createTicketBodySchema,
      response: { 200: ticketResponseSchema, 201: ticketResponseSchema, ...errors(400, 401, 402, 403) },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const { ticketId, created } = await ticketForPaidOrder(db, notices, user, request.body.orderId);
      return reply.status(created ? 201 : 200).send({ ticket: await customerTicket(db, user, ticketId) });
    },
  });

  app.get('/api/tickets/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['tickets'],
      summary:
        'One ticket, for its customer, its assigned engineer and admins, as each sees it, with `unread`: its messages you have not read',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      response: { 200: ticketResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ ticket: await ticketForReader(db, requireUser(request), request.params.id) }),
  });

  app.put('/api/tickets/:id/remote-access', {
    config: { access: ['user'] },
    onRequest: writeLimit,
    schema: {
      tags: ['tickets'],
      summary:
        'Give the remote session’s tool and id (your own ticket, before completion); the assigned engineer sees it while the ticket is in progress',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      body: remoteAccessBodySchema,
      response: { 200: ticketResponseSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => ({
      ticket: await setRemoteAccess(db, requireUser(request), request.params.id, request.body),
    }),
  });
}
