import type { Db } from '../../db/client.js';
import type { Listener } from '../../db/listener.js';
import type { UserRow } from '../../db/schema/index.js';
import { ACCOUNT_CHANNEL } from '../../events/ticket-notices.js';
import { findUserById } from './queries.js';

/**
 * The guard's memory of the accounts it has just loaded, so a signed-in request costs one query (its
 * own) instead of two. It holds only while it can be told of every change: each change to a user
 * row, from any instance or straight in the database, is announced on `rf_account` by a trigger
 * (migration 0007) once it commits, and forgets that account here. While the listening connection is
 * down or silent (`listener.live` false: on PostgreSQL it has not heard its own heartbeat for a few
 * seconds, db/listener.ts) nothing is remembered or answered from memory, and a gap forgets
 * everything, so a role change, a deleted account or ended sessions take effect on every instance
 * as soon as the notification arrives (DECISIONS.md §3).
 *
 * The notification of a change made on this instance can arrive a moment after its answer has left,
 * so a route that changes accounts says so (`config.changesAccounts`, plugins/auth.ts) and the guard
 * forgets everything before its answer is sent: such a change holds for the very next request. Any
 * other write leaves the memory alone (forgetting on every write made each one's next request load
 * its caller again).
 * A token newer than the remembered account (a login after a password reset on another instance) is
 * checked against the database rather than refused. Kept because it moves the authenticated lists
 * on `npm run bench` by well over the 10 % issue 25 asks of such machinery.
 */
export interface CallerCache {
  /** The account as last loaded (from memory if still valid), or undefined if it does not exist. */
  load(id: string, opts?: { fresh?: boolean }): Promise<UserRow | undefined>;
  forget(id: string): void;
  forgetAll(): void;
  stop(): void;
}

/** An upper bound only: the notifications are what keep an entry true, not its age. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export async function createCallerCache(db: Db, listener: Listener): Promise<CallerCache> {
  const entries = new Map<string, { user: UserRow | undefined; at: number }>();
  // Bumped by every forget: a load that was under way when an account changed does not store what
  // it read, which may be from before the change.
  let epoch = 0;
  const forget = (id: string) => {
    epoch++;
    entries.delete(id);
  };
  const forgetAll = () => {
    epoch++;
    entries.clear();
  };
  const stops = [await listener.on(ACCOUNT_CHANNEL, forget), listener.onGap(forgetAll)];

  return {
    async load(id, opts) {
      // Notifications may be missed now: what is remembered may already be untrue.
      if (!listener.live) {
        forgetAll();
        return findUserById(db, id);
      }
      const hit = entries.get(id);
      if (hit && !opts?.fresh && Date.now() - hit.at < MAX_AGE_MS) return hit.user;
      const started = epoch;
      const user = await findUserById(db, id);
      if (started === epoch && listener.live) {
        entries.delete(id);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(id, { user, at: Date.now() });
      }
      return user;
    },
    forget,
    forgetAll,
    stop() {
      for (const stop of stops) stop();
      entries.clear();
    },
  };
}
