import { useEffect, useRef } from 'react';

/**
 * For a form the page was opened for (`?rate=1` of the completion email's link, `?remote=1` of Start
 * Remote Session): once `asked`, it scrolls into view and its control marked `data-autofocus` takes
 * the focus, so the user can act at once. On arrival only: not again on a later render.
 */
export function useFocusOnArrival<T extends HTMLElement>(asked: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!asked) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
  }, [asked]);
  return ref;
}
