import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAccessDeclarations } from '../../src/server/plugins/auth.js';

/** Routes that do not say who may call them stop the start. */
async function start(route: Omit<RouteOptions, 'method' | 'url' | 'handler'>) {
  const app = Fastify();
  requireAccessDeclarations(app);
  app.route({ method: 'GET', url: '/x', handler: async () => ({}), ...route });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('access declarations', () => {
  it('refuses a route without config.access', async () => {
    await expect(start({})).rejects.toThrow('does not declare config.access');
  });

  it('accepts a declared route', async () => {
    await expect(start({ config: { access: 'public' } })).resolves.toBeUndefined();
    await expect(start({ config: { access: ['engineer'] } })).resolves.toBeUndefined();
  });
});
