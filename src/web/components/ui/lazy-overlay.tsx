import { Component, type ReactNode, Suspense } from 'react';
import { isCodeLoadFailure } from '@/lib/code-load';

/**
 * A part that opens over the page (a dialog, the phone's menu) with code that loads on first open:
 * while it arrives, after a moment, "Getting ready…" at the foot of the screen, as a tap on a page not
 * live yet shows (lib/page-boot.ts), so a tap on a slow line is seen to have landed; if it cannot
 * arrive, an alert there, and the page under it stays as it was.
 */
export function LazyOverlay({ label, children }: { label: string; children: ReactNode }) {
  return (
    <CodeLoadBoundary
      failed={
        <p role="alert" className="pending-notice">
          The {label} could not load. Check your connection and reload the page.
        </p>
      }
    >
      <Suspense
        fallback={
          <p role="status" className="pending-notice pending-notice-late">
            Getting ready…
          </p>
        }
      >
        {children}
      </Suspense>
    </CodeLoadBoundary>
  );
}

/**
 * Shows `failed` in place of children whose code could not load, so one missing part never takes the
 * page down with it; any other error goes on to the page's own boundary (app/route-error.tsx).
 */
export class CodeLoadBoundary extends Component<{ children: ReactNode; failed: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isCodeLoadFailure(error)) throw error;
    return this.props.failed;
  }
}
