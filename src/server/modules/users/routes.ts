import {
  accountHistoryResponseSchema,
  changeRoleBodySchema,
  createUserBodySchema,
  ENGINEER_PICKER_LIMIT,
  engineerSearchQuerySchema,
  engineersResponseSchema,
  historyQuerySchema,
  userListQuerySchema,
  usersResponseSchema,
} from '../../../shared/contracts/admin.js';
import { profileBodySchema, userResponseSchema } from '../../../shared/contracts/auth.js';
import { idParamsSchema } from '../../../shared/contracts/common.js';
import { type AdminUser, adminUserResponseSchema } from '../../../shared/contracts/two-factor.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import { createAccount, toPublicUser } from '../auth/service.js';
import { turnOffTwoFactorFor, twoFactorUserIds } from '../auth/two-factor.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { listEngineers, listUsers } from './queries.js';
import type { Notices } from '../email/notices.js';
import { changeUserDetails } from './details.js';
import { accountHistory } from './history.js';
import { changeUserRole } from './roles.js';
import { reinstateUser, suspendUser } from './suspension.js';

const bearer = [{ bearer: [] }];

const toAdminUser = (row: UserRow, twoFactorEnabled: boolean): AdminUser => ({
  ...toPublicUser(row),
  twoFactorEnabled,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
});

/** One account as All Users shows it, after a change. */
async function adminUser(db: Db, row: UserRow): Promise<{ user: AdminUser }> {
  return { user: toAdminUser(row, (await twoFactorUserIds(db, [row.id])).has(row.id)) };
}

/** Admin account management: the user list, engineers for assignment, and the New User form. */
export async function userRoutes(app: ZodApp, { db, notices }: { db: Db; notices: Notices }) {
  app.get('/api/admin/users', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary:
        'All users, newest first (paged, optionally by role, active or suspended, and a search of name, email or phone)',
      security: bearer,
      querystring: userListQuerySchema,
      response: { 200: usersResponseSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const { limit, cursor, role, state, q } = request.query;
      const rows = await listUsers(db, { role, state, search: q, limit, cursor: decodeCursor(cursor) });
      const { page, nextCursor } = pageOf(rows, limit);
      const withTwoFactor = await twoFactorUserIds(
        db,
        page.map((u) => u.id),
      );
      return {
        users: page.map((u) => toAdminUser(u, withTwoFactor.has(u.id))),
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
      return { user: toAdminUser(user, false) };
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
      return adminUser(db, user);
    },
  });

  // Suspending: a customer who abuses the service, staff who have left (users/suspension.ts).
  app.put('/api/admin/users/:id/suspension', {
    config: { access: STAFF_ROLES, changesAccounts: true },
    schema: {
      tags: ['admin'],
      summary:
        'Suspend an account: it signs in by no path and its sessions end (not one’s own, not a superadmin, not an engineer with open tickets)',
      security: bearer,
      params: idParamsSchema,
      response: { 200: adminUserResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const actor = requireUser(request);
      const { user, changed } = await suspendUser(db, notices, actor, request.params.id);
      if (changed) request.log.info({ actorId: actor.id, userId: user.id }, 'account suspended by an admin');
      return adminUser(db, user);
    },
  });

  app.delete('/api/admin/users/:id/suspension', {
    config: { access: STAFF_ROLES, changesAccounts: true },
    schema: {
      tags: ['admin'],
      summary: 'Lift an account’s suspension: it signs in again',
      security: bearer,
      params: idParamsSchema,
      response: { 200: adminUserResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const actor = requireUser(request);
      const { user, changed } = await reinstateUser(db, notices, actor, request.params.id);
      if (changed) request.log.info({ actorId: actor.id, userId: user.id }, 'account reinstated by an admin');
      return adminUser(db, user);
    },
  });

  // Staff have no profile page of their own, and a customer may have mistyped their email.
  app.put('/api/admin/users/:id/details', {
    config: { access: STAFF_ROLES, changesAccounts: true },
    schema: {
      tags: ['admin'],
      summary: 'Correct an account’s name, email and phone (a superadmin’s only by that superadmin, never its email)',
      security: bearer,
      params: idParamsSchema,
      body: profileBodySchema,
      response: { 200: adminUserResponseSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const actor = requireUser(request);
      const { user, changed } = await changeUserDetails(db, notices, actor, request.params.id, request.body);
      if (changed) request.log.info({ actorId: actor.id, userId: user.id }, 'account details changed by an admin');
      return adminUser(db, user);
    },
  });

  app.get('/api/admin/users/:id/history', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['admin'],
      summary:
        'What admins did to an account, oldest first (paged): created it, changed its role, suspended or reinstated it, turned off its two-factor sign-in, corrected its details',
      security: bearer,
      params: idParamsSchema,
      querystring: historyQuerySchema,
      response: { 200: accountHistoryResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => accountHistory(db, request.params.id, request.query),
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
      reply.status(201).send({ user: toPublicUser(await createAccount(db, request.body, requireUser(request))) }),
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
