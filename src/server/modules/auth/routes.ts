import {
  authResponseSchema,
  loginBodySchema,
  logoutResponseSchema,
  profileBodySchema,
  signupBodySchema,
  userResponseSchema,
} from '../../../shared/contracts/auth.js';
import { loginResponseSchema } from '../../../shared/contracts/two-factor.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accountWriteLimit, errors, ONE_MINUTE, type ZodApp } from '../../lib/http.js';
import { requireSession, requireUser } from '../../plugins/auth.js';
import { createAccount, login, toPublicUser, updateProfile } from './service.js';
import { endSession } from './sessions.js';
import type { TokenService } from './tokens.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { hasTwoFactor } from './two-factor.js';
import type { Notices } from '../email/notices.js';

export async function authRoutes(
  app: ZodApp,
  { db, tokens, config, notices }: { db: Db; tokens: TokenService; config: Config; notices: Notices },
) {
  // Login and signup share one per-client budget (DECISIONS.md §3). A per-route `config.rateLimit`
  // (even with a groupId) gets its own counter store per route, so the one limiter hook is shared instead.
  // The groupId names its counters in the database, which every instance shares.
  const authLimit = app.rateLimit({ max: config.rateLimit.auth, timeWindow: ONE_MINUTE, groupId: 'auth' });
  const writeLimit = accountWriteLimit(app, config.rateLimit.writes);

  app.post('/api/signup', {
    config: { access: 'public' },
    onRequest: authLimit,
    schema: {
      tags: ['auth'],
      summary: 'Create a customer account',
      body: signupBodySchema,
      response: { 201: authResponseSchema, ...errors(400, 409, 413, 429) },
    },
    handler: async (request, reply) => {
      const user = await createAccount(db, request.body);
      return reply.status(201).send({ user: toPublicUser(user), token: tokens.sign(user) });
    },
  });

  app.post('/api/login', {
    config: { access: 'public' },
    onRequest: authLimit,
    schema: {
      tags: ['auth'],
      summary: 'Log in with email and password (with two-factor sign-in on: a challenge for POST /api/login/2fa)',
      body: loginBodySchema,
      response: { 200: loginResponseSchema, ...errors(400, 401, 413, 429) },
    },
    handler: async (request) => {
      const user = await login(db, request.body.email, request.body.password);
      // DECISIONS.md §7.6: the password alone signs no one in to an account with two-factor sign-in.
      if (await hasTwoFactor(db, user.id)) {
        return { twoFactorRequired: true as const, challenge: tokens.signChallenge(user) };
      }
      return { user: toPublicUser(user), token: tokens.sign(user) };
    },
  });

  await twoFactorRoutes(app, { db, tokens, authLimit });

  // SPEC.md: Logout clears the token in the browser; the server ends the session too, so a copy of
  // the token (a shared computer, a leaked log) is worthless once its owner has logged out.
  app.post('/api/logout', {
    config: { access: 'authenticated', changesAccounts: true },
    schema: {
      tags: ['auth'],
      summary:
        'Log out: this session’s token is refused from now on, on every instance, and its live event streams end; your other sessions go on',
      security: [{ bearer: [] }],
      response: { 200: logoutResponseSchema, ...errors(401) },
    },
    handler: async (request) => {
      await endSession(db, requireUser(request).id, requireSession(request));
      return { ok: true as const };
    },
  });

  app.get('/api/me', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      security: [{ bearer: [] }],
      response: { 200: userResponseSchema, ...errors(401) },
    },
    handler: async (request) => ({ user: toPublicUser(requireUser(request)) }),
  });

  // SPEC.md §6: the customer's. Staff accounts are made by admins, and the superadmin's email is
  // ADMIN_EMAIL's: moved here, the next boot would make a second superadmin.
  app.patch('/api/profile', {
    config: { access: ['user'], changesAccounts: true },
    onRequest: writeLimit,
    schema: {
      tags: ['auth'],
      summary: 'Update your name, email and phone (customers)',
      security: [{ bearer: [] }],
      body: profileBodySchema,
      response: { 200: userResponseSchema, ...errors(400, 401, 403, 409, 429) },
    },
    handler: async (request) => {
      const user = await updateProfile(db, notices, requireUser(request).id, request.body);
      return { user: toPublicUser(user) };
    },
  });
}
