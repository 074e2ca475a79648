import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAccessDeclarations } from '../../src/server/plugins/auth.js';

/** Routes that do not say who may call them, or say it in a way the guard cannot keep, stop the start. */
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

  it('refuses a caller checked in the statement without attachValidation (a 400 would come before 401/403)', async () => {
    await expect(start({ config: { access: ['user'], callerCheckedInStatement: true } })).rejects.toThrow(
      'attachValidation',
    );
  });

  it('refuses a caller checked in the statement on a route open to any signed-in user (no roles to check)', async () => {
    await expect(
      start({ config: { access: 'authenticated', callerCheckedInStatement: true }, attachValidation: true }),
    ).rejects.toThrow('a list of roles');
  });

  it('accepts a declared route, and a caller checked in the statement with attachValidation', async () => {
    await expect(start({ config: { access: 'public' } })).resolves.toBeUndefined();
    await expect(
      start({ config: { access: ['engineer'], callerCheckedInStatement: true }, attachValidation: true }),
    ).resolves.toBeUndefined();
  });
});
