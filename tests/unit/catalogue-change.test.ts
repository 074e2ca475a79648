import { describe, expect, it } from 'vitest';
import type { Listener } from '../../src/server/db/listener.js';
import { CATALOGUE_CHANNEL, onCatalogueChange } from '../../src/server/events/catalogue-notices.js';

/** A listening connection the test drives: its notices, its losses and its returns. */
function drivenListener() {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const gapHandlers = new Set<() => void>();
  const state = { live: true };
  const listener: Listener = {
    async on(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set.add(handler));
      return () => void set.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => void gapHandlers.delete(handler);
    },
    get live() {
      return state.live;
    },
    async close() {},
  };
  return {
    listener,
    notify: (channel: string) => handlers.get(channel)?.forEach((h) => h('')),
    /** The connection drops (live false), or comes back (live true): db/listener.ts calls the gap handlers both times. */
    gap(live: boolean) {
      state.live = live;
      gapHandlers.forEach((h) => h());
    },
    subscribed: () => [...handlers.values()].reduce((n, set) => n + set.size, 0) + gapHandlers.size,
  };
}

// Every instance renders its catalogue pages again when it hears of a change (plugins/live-site-pages.ts).
describe('onCatalogueChange', () => {
  it('calls back for each rf_catalogue notice, and for nothing else', async () => {
    const driven = drivenListener();
    let calls = 0;
    await onCatalogueChange(driven.listener, () => calls++);
    driven.notify(CATALOGUE_CHANNEL);
    driven.notify(CATALOGUE_CHANNEL);
    driven.notify('rf_ticket');
    expect(calls).toBe(2);
  });

  it('calls back once the lost connection is back, not while it is lost (the database is out of reach then)', async () => {
    const driven = drivenListener();
    let calls = 0;
    await onCatalogueChange(driven.listener, () => calls++);
    driven.gap(false);
    expect(calls).toBe(0);
    driven.gap(true);
    expect(calls).toBe(1);
  });

  it('stops: no more calls, nothing left subscribed', async () => {
    const driven = drivenListener();
    let calls = 0;
    const stop = await onCatalogueChange(driven.listener, () => calls++);
    stop();
    driven.notify(CATALOGUE_CHANNEL);
    driven.gap(true);
    expect(calls).toBe(0);
    expect(driven.subscribed()).toBe(0);
  });
});
