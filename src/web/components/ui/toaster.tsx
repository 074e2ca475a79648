import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { toasterHost } from '@/lib/toast';
import { CodeLoadBoundary } from './lazy-overlay';

// sonner loads when the page has settled or with the first toast (lib/toast.ts), not with the page.
const SonnerToaster = lazy(() => import('./toaster-impl'));

/** Calls `then` once the browser is idle (or after a while, where it cannot say); returns a cancel. */
function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(then, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(then, 1500);
  return () => window.clearTimeout(handle);
}

/**
 * Mounts the toaster once the browser is idle after the page starts, or as soon as something raises a
 * toast. Its notifications region is an ARIA live region: a screen reader reads out what is added to
 * one only if the region was already in the page, so it should be there before the first message.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.wanted, () => false);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!wanted && !idle) return null;
  return (
    <CodeLoadBoundary failed={null}>
      <Suspense fallback={null}>
        <SonnerToaster onMounted={toasterHost.mounted} />
      </Suspense>
    </CodeLoadBoundary>
  );
}
