import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/roles.js';
import type { Db } from '../db/client.js';
import type { Listener } from '../db/listener.js';
import type { UserRow } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { type CallerCache, createCallerCache } from '../modules/auth/caller-cache.js';
import { sessionHolds } from '../modules/auth/sessions.js';
import type { SessionClaims, TokenService } from '../modules/auth/tokens.js';

/**
 * Who may call a route: every route declares it, and a route that does not is refused at
 * start-up, so nothing is public by accident.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route may change an existing account (its profile, password, sessions or sign-in
     * methods): the guard forgets every caller it remembers before the answer leaves.
     */
    changesAccounts?: true;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** The caller's session as its token says (its id and expiry); null on a route that is not protected. */
    session: SessionClaims | null;
  }
}

const SESSION_ENDED = 'Your session has expired. Please log in again.';

/** Narrows the request to a signed-in user (the guard has already checked it on protected routes). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The caller's session: its id (which a logout ends) and when it ends by itself, its token's expiry
 * (a long-lived answer, a stream, ends then).
 */
export function requireSession(request: FastifyRequest): SessionClaims {
  if (!request.session) throw unauthorized();
  return request.session;
}

function claimsFromHeader(request: FastifyRequest, tokens: TokenService): SessionClaims {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid authorization header');
  const claims = tokens.verify(match[1]);
  if (!claims) throw unauthorized(SESSION_ENDED);
  return claims;
}

/**
 * The caller's account as it is now (caller-cache.ts), so a role change, a deleted account or ended
 * sessions take effect at once (DECISIONS.md §3): 401 unless the account exists at the token's
 * session version and has not logged this session out, 403 unless its role may call the route.
 */
async function loadCaller(callers: CallerCache, claims: SessionClaims, access: Access): Promise<UserRow> {
  let user = await callers.load(claims.userId);
  // A token newer than the account remembered: the change that made it has not been announced yet.
  if (user && user.tokenVersion < claims.version) user = await callers.load(claims.userId, { fresh: true });
  if (!user || !sessionHolds(user, claims)) throw unauthorized(SESSION_ENDED);
  if (access !== 'public' && access !== 'authenticated' && !access.includes(user.role)) throw forbidden();
  return user;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; listener: Listener; tokens: TokenService }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    const callers = await createCallerCache(opts.db, opts.listener);
    app.addHook('onClose', async () => callers.stop());

    // onRequest, before the body is read or validated: a caller without the right to call a route
    // learns nothing about its input rules (401/403 come before any 400).
    app.addHook('onRequest', async (request, reply) => {
      const { access } = request.routeOptions.config;
      if (access === undefined) return;
      // An answer for one account is kept by no browser or shared cache (DECISIONS.md §7.6); nor is
      // any other of the API's unless its route says so (the catalogue's public reads): a public
      // route may still hand out a session (login, signup, a password reset) or name an account
      // (unsubscribe). Set here, before the guard: its 401 and 403 carry it too, and so does GET
      // /api/events, which copies the reply's headers when it takes over the connection.
      reply.header('cache-control', 'no-store');
      if (access === 'public') return;
      const claims = claimsFromHeader(request, opts.tokens);
      request.user = await loadCaller(callers, claims, access);
      request.session = claims;
    });

    // The database announces the change too, but maybe a moment after this answer has left: on this
    // instance the very next request must already see it.
    app.addHook('onSend', async (request) => {
      if (request.routeOptions.config.changesAccounts) callers.forgetAll();
    });
  },
  { name: 'auth' },
);

/** Added in the scope that holds the product's routes: each must say who may call it. */
export function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const name = `Route ${route.method} ${route.url}`;
    if (route.config?.access === undefined) throw new Error(`${name} does not declare config.access`);
  });
}
