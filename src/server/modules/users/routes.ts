import {
  changeRoleBodySchema,
  createUserBodySchema,
  ENGINEER_PICKER_LIMIT,
  engineerSearchQuerySchema,
  engineersResponseSchema,
  userListQuerySchema,
  usersResponseSchema,
} from '../../../shared/contracts/admin.js';
import { userResponseSchema } from '../../../shared/contracts/auth.js';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import { adminUserResponseSchema } from '../../../shared/contracts/two-factor.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import { createAccount, toPublicUser } from '../auth/service.js';
import { turnOffTwoFactorFor, twoFactorUserIds } from '../auth/two-factor.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { listEngineers, listUsers } from './queries.js';
import { changeUserRole } from './roles.js';

const bearer = [{ bearer: [] }];

/** Admin account management: the user list, engineers for assignment, and the New User form. */
export async function userRoutes(app: ZodApp, { db }: { db: Db }) {
  app.get('/api/admin/users', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary: 'All users, newest first (paged, optionally by role and a search of name, email or phone)',
      security: bearer,
      querystring: userListQuerySchema,
      response: { 200: usersResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const { limit, cursor, role, q } = request.query;
      const rows = await listUsers(db, { role, search: q, limit, cursor: decodeCursor(cursor) });
      const { page, nextCursor } = pageOf(rows, limit);
      const withTwoFactor = await twoFactorUserIds(
        db,
        page.map((u) => u.id),
      );
      return {
        users: page.map((u) => ({ ...toPublicUser(u), twoFactorEnabled: withTwoFactor.has(u.id) })),
        nextCursor,
      };
    },
  });

  // DECISIONS.md §7.6: for an engineer (or admin) locked out of their authenticator. Ends the
  // account's sessions; a superadmin's only a superadmin may turn off.
  app.delete('/api/admin/users/:id/2fa', {
    config: { access: STAFF_ROLES, changesAccounts: true },
    schema: {
      tags: ['admin'],
      summary: "Turn off an account's two-factor sign-in (ends its sessions)",
      security: bearer,
      params: idParamsSchema,
      response: { 200: adminUserResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const actor = requireUser(request);
      const user = await turnOffTwoFactorFor(db, actor, request.params.id);
      request.log.info({ actorId: actor.id, userId: user.id }, 'two-factor sign-in turned off by an admin');
      return { user: { ...toPublicUser(user), twoFactorEnabled: false } };
    },
  });

  app.patch('/api/admin/users/:id', {
    config: { access: STAFF_ROLES, changesAccounts: true },
    schema: {
      tags: ['admin'],
      summary:
        "Change an account's role to user, engineer or admin (not one's own, not a superadmin's; ends its sessions)",
      security: bearer,
      params: idParamsSchema,
      body: changeRoleBodySchema,
      response: { 200: adminUserResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const actor = requireUser(request);
      const { user, from } = await changeUserRole(db, actor, request.params.id, request.body.role);
      if (from !== user.role)
        request.log.info({ actorId: actor.id, userId: user.id, from, to: user.role }, 'role changed by an admin');
      const withTwoFactor = await twoFactorUserIds(db, [user.id]);
      return { user: { ...toPublicUser(user), twoFactorEnabled: withTwoFactor.has(user.id) } };
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
