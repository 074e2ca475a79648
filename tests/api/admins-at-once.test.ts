import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmins, type Session, signUp } from '../support/api.js';
import { patch } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// Two admins changing each other's accounts at the same moment (a quarrel, or two people cleaning up
// the staff list): the changes take turns. The second finds its admin no longer one and changes
// nothing (403, or 401 when its session had already ended), and neither ends in a server error (a
// deadlock on PostgreSQL, found by a race audit of two instances).

const ROUNDS = 8;

let t: TestApp;
let superadmin: { authorization: string };

beforeAll(async () => {
  ({ t, superadmin } = await createTestAppWithAdmins());
});
afterAll(() => t.close());

/** Two admins of their own for each round. */
const twoAdmins = async (): Promise<[Session, Session]> => [await signUp(t, {}, 'admin'), await signUp(t, {}, 'admin')];

const demote = (actor: Session, target: Session) =>
  patch(t, `/api/admin/users/${target.user.id}`, { role: 'user' }, actor.headers);
const suspend = (actor: Session, target: Session) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${target.user.id}/suspension`, headers: actor.headers });

describe('two admins changing each other at once', () => {
  it.each([
    ['demote', demote],
    ['suspend', suspend],
  ] as const)('%s: one change is made, the other refused, never a 5xx', async (_name, change) => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoAdmins();
      const answers = await Promise.all([change(a, b), change(b, a)]);
      const [first, second] = answers.map((r) => r.statusCode).sort();
      const bodies = answers.map((r) => r.body).join(' | ');
      expect(first, bodies).toBe(200);
      // 403 once its change finds it no longer an admin; 401 when its session had already ended.
      expect([401, 403], bodies).toContain(second);
    }
    // The superadmin is untouched by any of it.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: superadmin })).statusCode).toBe(200);
  });
});
