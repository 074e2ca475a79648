import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server-rendered HTML (and on the server), true from the next render.
 * A part that hydrates late (a lazy form) renders what the server did first, even if data it shows
 * arrived in the meantime, so the two match.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
