import {
  loginTwoFactorBodySchema,
  TWO_FACTOR_ROLES,
  twoFactorCodeBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '../../../shared/contracts/two-factor.js';
import { authResponseSchema } from '../../../shared/contracts/auth.js';
import type { Db } from '../../db/client.js';
import { errors, type ZodApp } from '../../lib/http.js';
import { requireUser } from '../../plugins/auth.js';
import { toPublicUser } from './service.js';
import type { TokenService } from './tokens.js';
import {
  completeTwoFactorLogin,
  disableTwoFactor,
  enableTwoFactor,
  setUpTwoFactor,
  twoFactorStatus,
} from './two-factor.js';

const bearer = [{ bearer: [] }];

/**
 * Two-factor sign-in (DECISIONS.md §7.6): a staff member's own set-up, confirmation and turn-off, and
 * the second step of login. `authLimit` is login's per-client budget, which the second step shares.
 */
export async function twoFactorRoutes(
  app: ZodApp,
  { db, tokens, authLimit }: { db: Db; tokens: TokenService; authLimit: ReturnType<ZodApp['rateLimit']> },
) {
  app.get('/api/2fa', {
    config: { access: TWO_FACTOR_ROLES },
    schema: {
      tags: ['auth'],
      summary: 'Whether two-factor sign-in is on for your account, and how many recovery codes are left (staff)',
      security: bearer,
      response: { 200: twoFactorStatusSchema, ...errors(401, 403) },
    },
    handler: async (request) => twoFactorStatus(db, requireUser(request).id),
  });

  app.post('/api/2fa/setup', {
    config: { access: TWO_FACTOR_ROLES },
    schema: {
      tags: ['auth'],
      summary: 'Start turning on two-factor sign-in: a new authenticator secret, shown this once (staff)',
      security: bearer,
      response: { 200: twoFactorSetupResponseSchema, ...errors(401, 403, 409) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return setUpTwoFactor(db, requireUser(request));
    },
  });

  app.post('/api/2fa/enable', {
    config: { access: TWO_FACTOR_ROLES },
    schema: {
      tags: ['auth'],
      summary: 'Confirm the set-up with a code from the app; answers the recovery codes, shown this once',
      security: bearer,
      body: twoFactorCodeBodySchema,
      response: { 200: twoFactorEnableResponseSchema, ...errors(400, 401, 403, 409) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const recoveryCodes = await enableTwoFactor(db, user.id, request.body.code);
      request.log.info({ userId: user.id }, 'two-factor sign-in turned on');
      return { recoveryCodes };
    },
  });

  app.post('/api/2fa/disable', {
    config: { access: TWO_FACTOR_ROLES },
    schema: {
      tags: ['auth'],
      summary: 'Turn off two-factor sign-in with a code from the app or a recovery code',
      security: bearer,
      body: twoFactorCodeBodySchema,
      response: { 200: twoFactorStatusSchema, ...errors(400, 401, 403, 409, 429) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      await disableTwoFactor(db, user, request.body.code);
      request.log.info({ userId: user.id }, 'two-factor sign-in turned off by its owner');
      return { enabled: false, recoveryCodesLeft: 0 };
    },
  });

  app.post('/api/login/2fa', {
    config: { access: 'public' },
    onRequest: authLimit,
    schema: {
      tags: ['auth'],
      summary: 'The second step of login: the challenge login answered and a code from the app (or a recovery code)',
      body: loginTwoFactorBodySchema,
      response: { 200: authResponseSchema, ...errors(400, 401, 413, 429) },
    },
    handler: async (request) => {
      const { challenge, code } = request.body;
      const user = await completeTwoFactorLogin(db, tokens.verifyChallenge(challenge), code);
      return { user: toPublicUser(user), token: tokens.sign(user) };
    },
  });
}
