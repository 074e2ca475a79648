import {
  assignBodySchema,
  assignResponseSchema,
  statusChangeBodySchema,
  historyQuerySchema,
  ticketHistoryResponseSchema,
} from '../../../shared/contracts/admin.js';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import {
  adminTicketListQuerySchema,
  completeTicketBodySchema,
  ticketListQuerySchema,
  ticketResponseSchema,
  ticketsResponseSchema,
} from '../../../shared/contracts/tickets.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import type { Notices } from '../email/notices.js';
import { ticketPage } from './serialize.js';
import { assignEngineer, changeStatus, completeTicket, ticketHistory, unassignEngineer } from './workflow.js';

const bearer = [{ bearer: [] }];

/** The engineer's and the admins' ticket routes. */
export async function staffTicketRoutes(app: ZodApp, { db, notices }: { db: Db; notices: Notices }) {
  app.get('/api/engineer/assigned-tickets', {
    config: { access: ['engineer'] },
    schema: {
      tags: ['engineer'],
      summary: 'Tickets assigned to you, with the customer’s contact details (paged)',
      security: bearer,
      querystring: ticketListQuerySchema,
      response: { 200: ticketsResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const engineer = requireUser(request);
      const scope = { engineerId: engineer.id, status: request.query.status, id: request.query.id };
      return ticketPage(db, scope, request.query, 'staff', engineer);
    },
  });

  app.patch('/api/tickets/:id/complete', {
    config: { access: ['engineer'] },
    schema: {
      tags: ['engineer'],
      summary: 'Complete your in-progress ticket with remarks',
      security: bearer,
      params: idParamsSchema,
      body: completeTicketBodySchema,
      response: { 200: ticketResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      ticket: await completeTicket(db, notices, requireUser(request), request.params.id, request.body.remarks),
    }),
  });

  app.get('/api/admin/tickets', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'All tickets, newest first, optionally by status, ₹299 paid, engineer and a search (paged)',
      security: bearer,
      querystring: adminTicketListQuerySchema,
      response: { 200: ticketsResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => ticketPage(db, request.query, request.query, 'staff', requireUser(request)),
  });

  app.patch('/api/admin/tickets/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Change a ticket’s status (not once completed, only to a different status)',
      security: bearer,
      params: idParamsSchema,
      body: statusChangeBodySchema,
      response: { 200: ticketResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      ticket: await changeStatus(db, notices, requireUser(request), request.params.id, request.body.status),
    }),
  });

  app.patch('/api/admin/tickets/:id/assign', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary:
        'Assign an engineer to a ticket with none, or reassign it from the engineer named in `replaces` (not completed)',
      security: bearer,
      params: idParamsSchema,
      body: assignBodySchema,
      response: { 200: assignResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      ticket: await assignEngineer(db, notices, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/admin/tickets/:id/assign', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Take the engineer off a ticket not completed (its status stays)',
      security: bearer,
      params: idParamsSchema,
      response: { 200: assignResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      ticket: await unassignEngineer(db, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/admin/tickets/:id/history', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'A ticket’s history, oldest first (paged): status changes, assignment, payments, completion',
      security: bearer,
      params: idParamsSchema,
      querystring: historyQuerySchema,
      response: { 200: ticketHistoryResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ticketHistory(db, request.params.id, request.query),
  });
}
