import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import {
  attachmentResponseSchema,
  CONVERSATION_LIMITS,
  markReadBodySchema,
  messageResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  postMessageBodySchema,
  postMessageHeadersSchema,
  unreadResponseSchema,
} from '../../../shared/contracts/messages.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { accountWriteLimit, errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import type { Notices } from '../email/notices.js';
import { attachmentDownload, checkUploader, createUploadSlots, readUpload, storeUpload } from './attachments.js';
import { listMessages, markRead, postMessage } from './service.js';

const bearer = [{ bearer: [] }];
const fileBytes = z.any().describe('The file’s bytes, of the type in Content-Type');

/**
 * The conversation on a ticket (DECISIONS.md §7.2). Any signed-in account may call these; who may
 * read or write what on a ticket is tickets/policy.ts's to say, asked by the service.
 */
export async function conversationRoutes(
  app: ZodApp,
  { db, notices, writesPerMinute }: { db: Db; notices: Notices; writesPerMinute: number },
) {
  const writeLimit = accountWriteLimit(app, writesPerMinute);

  app.get('/api/tickets/:id/messages', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversation'],
      summary:
        'The ticket’s messages, oldest first (`after`: only those after that message; paged by `limit`, then `after` = `nextCursor`). Staff notes only for the assigned engineer and admins',
      security: bearer,
      params: idParamsSchema,
      querystring: messagesQuerySchema,
      response: { 200: messagesResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listMessages(db, requireUser(request), request.params.id, request.query),
  });

  app.post('/api/tickets/:id/messages', {
    config: { access: 'authenticated' },
    onRequest: writeLimit,
    schema: {
      tags: ['conversation'],
      summary:
        'Post a message (`internal`: a staff note, engineer and admins only), with your unused uploads to this ticket; a completed ticket takes staff notes only. With an `Idempotency-Key`, the same message sent again with the same key answers the one it made (409: that key made a different message)',
      security: bearer,
      params: idParamsSchema,
      headers: postMessageHeadersSchema,
      body: postMessageBodySchema,
      response: { 201: messageResponseSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const message = await postMessage(db, notices, requireUser(request), request.params.id, {
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(201).send({ message });
    },
  });

  app.post('/api/tickets/:id/messages/read', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversation'],
      summary: 'Mark the ticket’s messages read up to this one (never back); answers how many are still unread',
      security: bearer,
      params: idParamsSchema,
      body: markReadBodySchema,
      response: { 200: unreadResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => markRead(db, requireUser(request), request.params.id, request.body.upTo),
  });

  app.get('/api/attachments/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversation'],
      summary:
        'A file of the conversation, with its type, `nosniff` and a disposition (images inline, other files as downloads), for those who may read its message; an unused upload for its uploader only',
      security: bearer,
      params: idParamsSchema,
      produces: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain'],
      // The bytes themselves: a Buffer is sent as it is (no serializer runs for it).
      response: { 200: fileBytes, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const file = await attachmentDownload(db, requireUser(request), request.params.id);
      return reply.headers(file.headers).send(file.data);
    },
  });

  // The multipart parser, with its limits, exists in this scope only: every other route still takes
  // JSON alone.
  await app.register(async (uploads: ZodApp) => {
    const slots = createUploadSlots();
    await uploads.register(multipart, {
      limits: {
        fileSize: CONVERSATION_LIMITS.attachmentMaxBytes,
        files: 1,
        fields: 4,
        fieldSize: 1024,
        parts: 5,
        headerPairs: 50,
      },
      throwFileSizeLimit: true,
    });
    uploads.post('/api/tickets/:id/attachments', {
      config: { access: 'authenticated' },
      schema: {
        tags: ['conversation'],
        summary:
          'Upload a file for a message (multipart/form-data, one `file` field, at most 10 MB): PNG, JPEG, WebP, PDF or plain text, decided from its bytes; used by your next message within 24 hours or deleted',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        // 429: 30 uploads already waiting for a message, or 4 of the caller's uploads still arriving.
        response: { 201: attachmentResponseSchema, ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
      },
      handler: async (request, reply) => {
        const uploader = requireUser(request);
        if (!request.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data');
        const release = slots.take(uploader.id);
        try {
          await checkUploader(db, uploader, request.params.id);
          const file = await readUpload(request);
          const attachment = await storeUpload(db, uploader, request.params.id, file);
          return reply.status(201).send({ attachment });
        } finally {
          release();
        }
      },
    });
  });
}
