import { authResponseSchema } from '../../../shared/contracts/auth.js';
import {
  changePasswordBodySchema,
  checkResetLinkBodySchema,
  checkResetLinkResponseSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  resetPasswordBodySchema,
} from '../../../shared/contracts/passwords.js';
import { loginResponseSchema } from '../../../shared/contracts/two-factor.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { errors, ONE_MINUTE, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import type { Notices } from '../email/notices.js';
import { changePassword, checkResetLink, requestPasswordReset, resetPassword } from './password-reset.js';
import { toPublicUser } from './service.js';
import type { TokenService } from './tokens.js';
import { hasTwoFactor } from './two-factor.js';

/** Forgot, reset and change password (DECISIONS.md §7.3). */
export async function passwordRoutes(
  app: ZodApp,
  { db, tokens, config, notices }: { db: Db; tokens: TokenService; config: Config; notices: Notices },
) {
  // Rate-limited like login: the same per-client budget (groupId 'auth' names the shared counters).
  const authLimit = app.rateLimit({ max: config.rateLimit.auth, timeWindow: ONE_MINUTE, groupId: 'auth' });
  // A session trying current passwords: its own budget, per account.
  const changeLimit = app.rateLimit({
    max: config.rateLimit.auth,
    timeWindow: ONE_MINUTE,
    groupId: 'password-change',
    keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
  });

  app.post('/api/password/forgot', {
    config: { access: 'public' },
    onRequest: authLimit,
    schema: {
      tags: ['auth'],
      summary: 'Email a password reset link (the same answer whether or not the account exists)',
      body: forgotPasswordBodySchema,
      response: { 202: forgotPasswordResponseSchema, ...errors(400, 413, 429) },
    },
    handler: async (request, reply) => {
      await requestPasswordReset(db, notices, request.body.email);
      return reply.status(202).send({ ok: true as const });
    },
  });

  app.post('/api/password/reset/check', {
    config: { access: 'public' },
    onRequest: authLimit,
    schema: {
      tags: ['auth'],
      summary:
        "Whether a reset link's token still works (asked when its page opens), and for an undo link the address it puts back; changes nothing",
      body: checkResetLinkBodySchema,
      response: { 200: checkResetLinkResponseSchema, ...errors(400, 413, 429) },
    },
    handler: async (request) => checkResetLink(db, request.body.token),
  });

  app.post('/api/password/reset', {
    config: { access: 'public', changesAccounts: true },
    onRequest: authLimit,
    schema: {
      tags: ['auth'],
      summary:
        "Set a new password with a reset link's token (once); signs in (with two-factor sign-in on: a challenge, as login) and ends every other session. An undo link (emailed to the address a profile edit moved the account from) also puts that address back: 409 when another account holds it now",
      body: resetPasswordBodySchema,
      response: { 200: loginResponseSchema, ...errors(400, 409, 413, 429) },
    },
    handler: async (request) => {
      const user = await resetPassword(db, request.body.token, request.body.password);
      // The emailed link proves the mailbox, not the second factor (DECISIONS.md §7.6): as a login.
      if (await hasTwoFactor(db, user.id)) {
        return { twoFactorRequired: true as const, challenge: tokens.signChallenge(user) };
      }
      return { user: toPublicUser(user), token: tokens.sign(user) };
    },
  });

  app.patch('/api/password', {
    config: { access: 'authenticated', changesAccounts: true },
    onRequest: changeLimit,
    schema: {
      tags: ['auth'],
      summary: 'Change your password (the current one first); every other session ends',
      security: [{ bearer: [] }],
      body: changePasswordBodySchema,
      response: { 200: authResponseSchema, ...errors(400, 401, 413, 429) },
    },
    handler: async (request) => {
      const user = await changePassword(db, notices, requireUser(request), request.body);
      return { user: toPublicUser(user), token: tokens.sign(user) };
    },
  });
}
