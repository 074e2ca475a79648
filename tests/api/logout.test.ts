import { eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import { bearer, expectError, logIn, type Session, signUp } from '../support/api.js';
import { openEventStream } from '../support/event-stream.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

// A black-box audit: Logout only cleared the browser's copy of the token, so a copy taken before
// (a shared computer, a leaked log) kept answering for the rest of its 7 days. POST /api/logout now
// ends that session on the server: its token is refused and its live streams end, everywhere
// (DECISIONS.md §7.1: "a session that ends (logout elsewhere, …) closes it"). Two instances on one
// PostgreSQL: tests/fault/two-instances.test.ts.

const PASSWORD = 'correct-horse-42';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers });
const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/logout', headers });

const secondSession = (s: Session) => logIn(t, s.user.email, PASSWORD);

describe('POST /api/logout', () => {
  it('ends this session at once and leaves the account’s others alone', async () => {
    const s = await signUp(t, { password: PASSWORD });
    const other = await secondSession(s);
    // Both remembered by the guard first: the logout must hold against its memory too.
    expect([(await me(s.headers)).statusCode, (await me(other)).statusCode]).toEqual([200, 200]);

    const out = await logout(s.headers);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(out.headers['cache-control']).toBe('no-store');

    expectError(await me(s.headers), 401, 'Your session has expired. Please log in again.');
    expectError(await t.app.inject({ method: 'GET', url: '/api/tickets', headers: s.headers }), 401);
    expectError(await logout(s.headers), 401);
    expect((await me(other)).statusCode).toBe(200);
    // A new login is a new session.
    expect((await me(await secondSession(s))).statusCode).toBe(200);
  });

  it('ends the live event streams of that session only', async () => {
    const s = await signUp(t, { password: PASSWORD });
    const other = await secondSession(s);
    const mine = await openEventStream(base, s.headers);
    const theirs = await openEventStream(base, other);
    try {
      expect([mine.status, theirs.status]).toEqual([200, 200]);
      expect((await logout(s.headers)).statusCode).toBe(200);
      const ended = await Promise.race([mine.ended.then(() => true), sleep(3000).then(() => false)]);
      expect(ended).toBe(true);
      const otherEnded = await Promise.race([theirs.ended.then(() => true), sleep(500).then(() => false)]);
      expect(otherEnded).toBe(false);
      // Its reconnect is refused.
      expect((await openEventStream(base, s.headers)).status).toBe(401);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('is refused without a session', async () => {
    expectError(await logout({}), 401);
    expectError(await logout(bearer('not-a-token')), 401);
  });

  it('a token signed before sessions had an id cannot be told from the others: its logout ends them all', async () => {
    const s = await signUp(t, { password: PASSWORD });
    const other = await secondSession(s);
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', iss: 'remotefix', expiresIn: '7d' });
    const legacy = bearer(sign({ sub: s.user.id, ver: 0 }));
    expect((await me(legacy)).statusCode).toBe(200);
    expect((await logout(legacy)).statusCode).toBe(200);
    expectError(await me(legacy), 401);
    expectError(await me(other), 401);
    expectError(await me(s.headers), 401);
  });

  it('keeps only the logged-out sessions whose tokens have not expired', async () => {
    const s = await signUp(t, { password: PASSWORD });
    const expired = { id: 'expired-session', expiresAt: Date.now() - 1000 };
    const live = { id: 'live-session', expiresAt: Date.now() + 60_000 };
    await t.database.db
      .update(users)
      .set({ endedSessions: [expired, live] })
      .where(eq(users.id, s.user.id));
    expect((await logout(s.headers)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ ended: users.endedSessions }).from(users).where(eq(users.id, s.user.id));
    expect(row?.ended.map((e) => e.id)).toEqual(['live-session', expect.any(String)]);
    expect(row?.ended).toHaveLength(2);
  });
});
