import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { GOOGLE_DONE } from '../../../shared/contracts/auth.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ONE_MINUTE, type ZodApp } from '../../lib/http.js';
import { createGoogleClient, GoogleSignInError, type GoogleFailure } from './google-client.js';
import { accountForGoogle, beginGoogleLogin, consumeGoogleLogin } from './google-service.js';
import type { TokenService } from './tokens.js';

const COOKIE = 'rf_google_state';
const COOKIE_PATH = '/api/google';

/**
 * GET /api/google/login and its callback (DECISIONS.md §3). Every failure sends the browser back to
 * / with `authError=<reason>`, which the home page turns into a message; nothing here answers 5xx.
 */
export async function googleRoutes(
  app: ZodApp,
  { db, tokens, config }: { db: Db; tokens: TokenService; config: Config },
) {
  const google = createGoogleClient(config);
  const secure = config.publicUrl.startsWith('https://');
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure, maxAge: 600 };
  // Read by /auth/success's script, which signs in only when the address carries the same value.
  const doneCookieOptions = {
    path: GOOGLE_DONE.path,
    httpOnly: false,
    sameSite: 'lax' as const,
    secure,
    maxAge: GOOGLE_DONE.maxAgeSeconds,
  };
  // Each start stores a sign-in (state, nonce, verifier) for 10 minutes, and each callback may change
  // an account (every instance's guard then forgets the callers it remembers, plugins/auth.ts): one
  // per-client budget for both, as many a minute as login and signup together have (RATE_LIMIT_AUTH).
  const googleLimit = app.rateLimit({ max: config.rateLimit.auth, timeWindow: ONE_MINUTE, groupId: 'google-login' });

  const fail = (reply: FastifyReply, reason: GoogleFailure) =>
    reply.clearCookie(COOKIE, { path: COOKIE_PATH }).redirect(`/?authError=${reason}`, 302);

  const failure = (reply: FastifyReply, err: unknown, log: (obj: object, msg: string) => void) => {
    const reason = err instanceof GoogleSignInError ? err.reason : 'unavailable';
    log({ err, reason }, 'Google sign-in failed');
    return fail(reply, reason);
  };

  app.get('/api/google/login', {
    config: { access: 'public' },
    onRequest: googleLimit,
    schema: { tags: ['auth'], summary: 'Start Google sign-in (browser navigation; redirects to the issuer)' },
    handler: async (request, reply) => {
      if (!google.enabled) return fail(reply, 'not_configured');
      try {
        const checks = await beginGoogleLogin(db);
        const url = await google.authorizationUrl(checks);
        // The cookie binds the flow to this browser, so nobody can finish it with their own callback URL.
        return reply.setCookie(COOKIE, checks.state, cookieOptions).redirect(url.href, 302);
      } catch (err) {
        return failure(reply, err, (o, m) => request.log.warn(o, m));
      }
    },
  });

  app.get('/api/google/callback', {
    config: { access: 'public', changesAccounts: true },
    onRequest: googleLimit,
    schema: {
      tags: ['auth'],
      summary: 'The issuer’s redirect back: verifies the ID token, signs in, goes to /auth/success',
      querystring: z
        .object({
          state: z.string().max(500).optional(),
          code: z.string().max(4000).optional(),
          error: z.string().max(200).optional(),
        })
        .passthrough(),
    },
    handler: async (request, reply) => {
      if (!google.enabled) return fail(reply, 'not_configured');
      try {
        const { state, error } = request.query;
        if (error === 'access_denied') throw new GoogleSignInError('denied');
        const bound = request.cookies[COOKIE];
        if (!state || !bound || bound !== state) throw new GoogleSignInError('state');
        const checks = await consumeGoogleLogin(db, state);
        const callbackUrl = new URL(request.url, google.redirectUri);
        const identity = await google.exchange(callbackUrl, checks);
        const { user, passwordRemoved } = await accountForGoogle(db, identity);
        const token = tokens.sign(user);
        const done = randomBytes(16).toString('base64url');
        return (
          reply
            .clearCookie(COOKIE, { path: COOKIE_PATH })
            .setCookie(GOOGLE_DONE.cookie, done, doneCookieOptions)
            .header('Referrer-Policy', 'no-referrer')
            // `linked=1`: the page says that the account's password is gone (google-service.ts).
            .redirect(
              `/auth/success?token=${encodeURIComponent(token)}&${GOOGLE_DONE.param}=${done}${passwordRemoved ? '&linked=1' : ''}`,
              302,
            )
        );
      } catch (err) {
        return failure(reply, err, (o, m) => request.log.warn(o, m));
      }
    },
  });
}
