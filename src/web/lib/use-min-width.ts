import { useSyncExternalStore } from 'react';

/**
 * Whether the window is at least `px` wide, following it as it changes: for a page that shows one
 * layout or another (the stylesheet's breakpoints are in rem, so the query is too, at 16 px to the rem).
 */
export function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px / 16}rem)`;
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
