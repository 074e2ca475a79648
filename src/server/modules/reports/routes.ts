import { reportQuerySchema, reportSchema } from '../../../shared/contracts/reports.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { buildReport } from './service.js';

const bearer = [{ bearer: [] }];

/** The owner's figures: bookings, revenue, speed and ratings over a date range. */
export async function reportRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/reports', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Bookings, revenue, times and ratings from one date to another (India time, both included)',
      security: bearer,
      querystring: reportQuerySchema,
      response: { 200: reportSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => buildReport(db, request.query),
  });
}
