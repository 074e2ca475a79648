import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../src/server/plugins/error-handler.js';

/**
 * What the error handler answers when the database cannot serve a request (DECISIONS.md §2: a 5xx
 * never leaks internals; docs/operations.md, Incidents: 503 and a `database unavailable` warning),
 * by the codes pg and PostgreSQL give for it.
 */
async function answerTo(code: string, message = 'database failure') {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  app.get('/', async () => {
    throw Object.assign(new Error(message), { code });
  });
  try {
    return await app.inject('/');
  } finally {
    await app.close();
  }
}

describe('a database that cannot serve the request', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['08006', 'connection failure'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['57014', 'canceling statement due to statement timeout'],
    // Every connection slot taken (max_connections, the runbook's first look).
    ['53300', 'sorry, too many clients already'],
    // The database closed to connections (ALTER DATABASE … ALLOW_CONNECTIONS false, a maintenance window).
    ['55000', 'database "remotefix" is not currently accepting connections'],
    ['57P03', 'the database system is starting up'],
  ])('%s: 503 with Retry-After, the message not shown', async (code, message) => {
    const res = await answerTo(code, message);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'Service temporarily unavailable, please try again shortly' });
  });

  it('any other database error is a 500 that names nothing', async () => {
    const res = await answerTo('42P01', 'relation "users" does not exist');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('users');
  });
});
