import { z } from 'zod';
import { adminTicketListQuerySchema } from '../../../shared/contracts/tickets.js';
import { indiaToday } from '../../../shared/dates.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { ticketsCsv } from './export.js';

const csvText = z.any().describe('The tickets as CSV (UTF-8, a header row, newest first)');

/** GET /api/admin/tickets.csv: the admins' ticket list, with its filters, as a spreadsheet file. */
export async function ticketExportRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/tickets.csv', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary:
        'The tickets of GET /api/admin/tickets (same status, search, ₹299 and engineer filters) as a CSV download',
      security: [{ bearer: [] }],
      querystring: adminTicketListQuerySchema.pick({ status: true, q: true, paid: true, engineerId: true }),
      produces: ['text/csv'],
      response: { 200: csvText, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const csv = await ticketsCsv(db, request.query);
      const day = indiaToday();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tickets-${day}.csv"`)
        .send(csv);
    },
  });
}
