import { z } from 'zod';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import { receiptsResponseSchema } from '../../../shared/contracts/receipts.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import { receiptDownload, ticketReceipts } from './service.js';

const pdfBytes = z.any().describe('The receipt as a PDF document');

/**
 * A ticket's receipts and their PDFs (DECISIONS.md §7.4). Any signed-in account may call; who may
 * read them (the ticket's customer and admins) is tickets/policy.ts's to say, asked by the service.
 */
export async function receiptRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/tickets/:id/receipts', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['receipts'],
      summary: 'The receipts of a ticket’s payments, in the order they were issued (its customer and admins)',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      response: { 200: receiptsResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ receipts: await ticketReceipts(db, requireUser(request), request.params.id) }),
  });

  app.get('/api/receipts/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['receipts'],
      summary: 'A receipt as a PDF download (the `id` of the receipts list, not its number)',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      produces: ['application/pdf'],
      // The bytes themselves: a Buffer is sent as it is (no serializer runs for it).
      response: { 200: pdfBytes, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { fileName, pdf } = await receiptDownload(db, requireUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  });
}
