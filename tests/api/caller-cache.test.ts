import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listener, NotificationHandler } from '../../src/server/db/listener.js';
import { ACCOUNT_CHANNEL } from '../../src/server/events/ticket-notices.js';
import { createCallerCache } from '../../src/server/modules/auth/caller-cache.js';
import { updateUser } from '../../src/server/modules/auth/queries.js';
import { signUp } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The guard's memory of callers (src/server/modules/auth/caller-cache.ts) against a listener the test
 * drives: what it answers from memory, what a notification or a gap makes it forget, and that it
 * remembers nothing while notifications cannot arrive.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function fakeListener() {
  const handlers = new Set<NotificationHandler>();
  const gaps = new Set<() => void>();
  const listener: Listener & { live: boolean } = {
    live: true,
    on: async (channel, handler) => {
      if (channel === ACCOUNT_CHANNEL) handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    onGap: (handler) => {
      gaps.add(handler);
      return () => void gaps.delete(handler);
    },
    close: async () => {},
  };
  return {
    listener,
    announce: (id: string) => handlers.forEach((h) => h(id)),
    gap: () => gaps.forEach((h) => h()),
  };
}

describe('the caller cache', () => {
  it('answers from memory until the account’s change is announced, then loads it again', async () => {
    const { listener, announce } = fakeListener();
    const callers = await createCallerCache(t.database.db, listener);
    const s = await signUp(t);
    expect((await callers.load(s.user.id))?.role).toBe('user');
    await updateUser(t.database.db, s.user.id, { role: 'engineer' });
    // Not announced (to this fake listener): the remembered account.
    expect((await callers.load(s.user.id))?.role).toBe('user');
    announce(s.user.id);
    expect((await callers.load(s.user.id))?.role).toBe('engineer');
    // Another account's announcement does not disturb it; `fresh` always reads the database.
    await updateUser(t.database.db, s.user.id, { role: 'admin' });
    announce('00000000-0000-4000-8000-000000000000');
    expect((await callers.load(s.user.id))?.role).toBe('engineer');
    expect((await callers.load(s.user.id, { fresh: true }))?.role).toBe('admin');
    callers.stop();
  });

  it('remembers nothing while notifications cannot arrive, and forgets everything after a gap', async () => {
    const { listener, gap } = fakeListener();
    const callers = await createCallerCache(t.database.db, listener);
    const s = await signUp(t);
    await callers.load(s.user.id);
    listener.live = false;
    await updateUser(t.database.db, s.user.id, { role: 'engineer' });
    expect((await callers.load(s.user.id))?.role).toBe('engineer');
    await updateUser(t.database.db, s.user.id, { role: 'admin' });
    expect((await callers.load(s.user.id))?.role).toBe('admin');
    listener.live = true;
    expect((await callers.load(s.user.id))?.role).toBe('admin');
    await updateUser(t.database.db, s.user.id, { role: 'user' });
    gap();
    expect((await callers.load(s.user.id))?.role).toBe('user');
    callers.stop();
  });

  it('does not keep what a load read while a change was being announced', async () => {
    const { listener, announce } = fakeListener();
    const callers = await createCallerCache(t.database.db, listener);
    const s = await signUp(t);
    // The announcement lands while the load is in flight: what it read may predate the change.
    const loading = callers.load(s.user.id);
    announce(s.user.id);
    await loading;
    await updateUser(t.database.db, s.user.id, { role: 'engineer' });
    expect((await callers.load(s.user.id))?.role).toBe('engineer');
    callers.stop();
  });

  it('a deleted account is remembered as gone until announced otherwise', async () => {
    const { listener } = fakeListener();
    const callers = await createCallerCache(t.database.db, listener);
    expect(await callers.load('00000000-0000-4000-8000-000000000001')).toBeUndefined();
    callers.stop();
  });
});
