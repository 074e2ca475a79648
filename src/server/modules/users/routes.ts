import {
  createUserBodySchema,
  ENGINEER_PICKER_LIMIT,
  engineerSearchQuerySchema,
  engineersResponseSchema,
  userListQuerySchema,
  usersResponseSchema,
} from '../../../shared/contracts/admin.js';
import { userResponseSchema } from '../../../shared/contracts/auth.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { createAccount, toPublicUser } from '../auth/service.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { listEngineers, listUsers } from './queries.js';

const bearer = [{ bearer: [] }];

/** Admin account management: the user list, engineers for assignment, and the New User form. */
export async function userRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/users', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'All users, newest first (paged, optionally by role)',
      security: bearer,
      querystring: userListQuerySchema,
      response: { 200: usersResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const { limit, cursor, role } = request.query;
      const { page, nextCursor } = pageOf(await listUsers(db, { role, limit, cursor: decodeCursor(cursor) }), limit);
      return { users: page.map(toPublicUser), nextCursor };
    },
  });

  app.post('/api/admin/users', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'Create a user, admin or engineer (never a superadmin)',
      security: bearer,
      body: createUserBodySchema,
      response: { 201: userResponseSchema, ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ user: toPublicUser(await createAccount(db, request.body)) }),
  });

  app.get('/api/admin/engineers', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: `Engineers by name for assignment: the first ${ENGINEER_PICKER_LIMIT}, or those whose name or email contains q`,
      security: bearer,
      querystring: engineerSearchQuerySchema,
      response: { 200: engineersResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const rows = await listEngineers(db, request.query.q || undefined);
      return { engineers: rows.slice(0, ENGINEER_PICKER_LIMIT), more: rows.length > ENGINEER_PICKER_LIMIT };
    },
  });
}
