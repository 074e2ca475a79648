import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterHost } from '@/lib/toast';

// sonner loads with the first toast (lib/toast.ts), not with the page.
const SonnerToaster = lazy(() => import('./toaster-impl'));

/** Mounts the toaster once something has raised a toast. */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onMounted={toasterHost.mounted} />
    </Suspense>
  );
}
