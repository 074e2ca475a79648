import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/roles.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { findUserById } from '../modules/auth/queries.js';
import type { TokenService } from '../modules/auth/tokens.js';

/**
 * Who may call a route: every route declares it, and a route that does not is refused at
 * start-up, so nothing is public by accident.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

/** Narrows the request to a signed-in user (the guard has already checked it on protected routes). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

async function userFromHeader(request: FastifyRequest, db: Db, tokens: TokenService): Promise<UserRow> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid authorization header');
  const claims = tokens.verify(match[1]);
  if (!claims) throw unauthorized('Your session has expired. Please log in again.');
  // Loaded on every request, so a role change, a deleted account or ended sessions take effect at once.
  const user = await findUserById(db, claims.userId);
  if (!user || user.tokenVersion !== claims.version)
    throw unauthorized('Your session has expired. Please log in again.');
  return user;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
    app.decorateRequest('user', null);

    // onRequest, before the body is read or validated: a caller without the right to call a route
    // learns nothing about its input rules (401/403 come before any 400).
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      const user = await userFromHeader(request, opts.db, opts.tokens);
      if (access !== 'authenticated' && !access.includes(user.role)) throw forbidden();
      request.user = user;
    });
  },
  { name: 'auth' },
);

/** Added in the scope that holds the product's routes: each must say who may call it. */
export function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });
}
