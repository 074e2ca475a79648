import { idParamsSchema } from '../../../shared/contracts/common.js';
import { engineerRatingSchema, ratingBodySchema } from '../../../shared/contracts/ratings.js';
import { ticketResponseSchema } from '../../../shared/contracts/tickets.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import { ownRating, rateTicket } from './service.js';

const bearer = [{ bearer: [] }];

/** The customer's rating of a completed ticket, and an engineer's own average. */
export async function ratingRoutes(app: ZodApp, { db }: { db: Db }) {
  app.post('/api/tickets/:id/rating', {
    config: { access: ['user'] },
    schema: {
      tags: ['tickets'],
      summary: 'Rate your completed ticket from 1 to 5, with an optional comment (once)',
      security: bearer,
      params: idParamsSchema,
      body: ratingBodySchema,
      response: { 201: ticketResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const ticket = await rateTicket(db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ ticket });
    },
  });

  app.get('/api/engineer/rating', {
    config: { access: ['engineer'] },
    schema: {
      tags: ['engineer'],
      summary: 'Your average rating over every rated ticket of yours',
      security: bearer,
      response: { 200: engineerRatingSchema, ...errors(401, 403) },
    },
    handler: async (request) => ownRating(db, requireUser(request)),
  });
}
