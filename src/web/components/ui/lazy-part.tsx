import { Component, type ReactNode, Suspense } from 'react';
import { isCodeLoadFailure } from '@/lib/code-load';
import { ErrorState, InlineLoading, LoadingState } from './state';

/**
 * A part of a page whose code loads when it is first shown (a form once opened, a tab once chosen):
 * a loading state while the code arrives (`inline`: one line, for a part inside a card), and if it
 * cannot arrive, a message in its place with a reload, while the rest of the page stays usable. Any
 * other error goes on to the page's own error boundary (app/route-error.tsx).
 */
export function LazyPart({ label, inline, children }: { label: string; inline?: boolean; children: ReactNode }) {
  return (
    <LoadFailureBoundary>
      <Suspense fallback={inline ? <InlineLoading label={label} /> : <LoadingState label={label} />}>
        {children}
      </Suspense>
    </LoadFailureBoundary>
  );
}

class LoadFailureBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isCodeLoadFailure(error)) throw error;
    return (
      <ErrorState
        message="This part of the page could not load. Check your connection, then reload."
        // The browser remembers a failed import for the page's lifetime: only a reload asks again.
        onRetry={() => window.location.reload()}
        retryLabel="Reload"
      />
    );
  }
}
