import { idParamsSchema } from '../../../shared/contracts/common.js';
import {
  emailListQuerySchema,
  emailResponseSchema,
  emailsResponseSchema,
  emailSummaryResponseSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '../../../shared/contracts/emails.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import {
  changeNotificationSettings,
  emailDetail,
  emailPage,
  notificationSettings,
  retryEmail,
  unsubscribe,
  unsubscribeLink,
} from './service.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

const bearer = [{ bearer: [] }];

export async function emailRoutes(
  app: ZodApp,
  {
    db,
    unsubscribeTokens,
    enqueue,
  }: { db: Db; unsubscribeTokens: UnsubscribeTokens; enqueue(tx: Db, emailId: string): Promise<unknown> },
) {
  app.get('/api/admin/emails', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary:
        'Outgoing emails, newest first (paged); `status` shows only those of one status, `q` those whose address or subject holds it',
      security: bearer,
      querystring: emailListQuerySchema,
      response: { 200: emailsResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => emailPage(db, request.query),
  });

  app.get('/api/admin/emails/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'One outgoing email as rendered (HTML and plain text)',
      security: bearer,
      params: idParamsSchema,
      response: { 200: emailResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ email: await emailDetail(db, requireUser(request), request.params.id) }),
  });

  app.post('/api/admin/emails/:id/retry', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Send a failed email again',
      security: bearer,
      params: idParamsSchema,
      response: { 200: emailSummaryResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({ email: await retryEmail(db, enqueue, request.params.id) }),
  });

  app.get('/api/profile/notifications', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['auth'],
      summary: 'Which optional emails you get (ticket updates, messages)',
      security: bearer,
      response: { 200: notificationSettingsSchema, ...errors(401) },
    },
    handler: async (request) => notificationSettings(db, requireUser(request)),
  });

  app.patch('/api/profile/notifications', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['auth'],
      summary: 'Turn ticket update or message emails on or off',
      security: bearer,
      body: notificationSettingsBodySchema,
      response: { 200: notificationSettingsSchema, ...errors(400, 401) },
    },
    handler: async (request) => changeNotificationSettings(db, requireUser(request), request.body),
  });

  // The unsubscribe link of an optional email: the page asks first (GET says what the link turns
  // off); the POST turns it off, from that page or straight from a mail client (RFC 8058 one-click,
  // `List-Unsubscribe=One-Click` as a form body). The signed token is the only credential.
  await app.register(async (oneClick: ZodApp) => {
    const ignoreBody = (_request: unknown, _body: string, done: (err: null, body: undefined) => void) =>
      done(null, undefined);
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      ignoreBody,
    );

    oneClick.get('/api/unsubscribe', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What an unsubscribe link turns off (changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, ...errors(400) },
      },
      handler: async (request) => unsubscribeLink(db, unsubscribeTokens, request.query.token),
    });

    oneClick.post('/api/unsubscribe', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Turn off the emails an unsubscribe link names (one-click, RFC 8058)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, ...errors(400, 413) },
      },
      handler: async (request) => unsubscribe(db, unsubscribeTokens, request.query.token),
    });
  });
}
