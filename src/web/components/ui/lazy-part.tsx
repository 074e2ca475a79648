import { type ReactNode, Suspense } from 'react';
import { CodeLoadBoundary } from './lazy-overlay';
import { ErrorState, InlineLoading, LoadingState } from './state';

/**
 * A part of a page whose code loads when it is first shown (a form once opened, a tab once chosen):
 * a loading state while the code arrives (`inline`: one line, for a part inside a card), and if it
 * cannot arrive, a message in its place with a reload, while the rest of the page stays usable. Any
 * other error goes on to the page's own error boundary (app/route-error.tsx).
 */
export function LazyPart({ label, inline, children }: { label: string; inline?: boolean; children: ReactNode }) {
  return (
    <CodeLoadBoundary
      failed={
        <ErrorState
          message="This part of the page could not load. Check your connection, then reload."
          // The browser remembers a failed import for the page's lifetime: only a reload asks again.
          onRetry={() => window.location.reload()}
          retryLabel="Reload"
        />
      }
    >
      <Suspense fallback={inline ? <InlineLoading label={label} /> : <LoadingState label={label} />}>
        {children}
      </Suspense>
    </CodeLoadBoundary>
  );
}
