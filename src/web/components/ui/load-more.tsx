import { useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** What LoadMore needs of a TanStack infinite query. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** The rows of a paged list carry this attribute (`data-page-item`), so Load more can find the new ones. */
const ITEM = '[data-page-item]';

/** The rows of the list around Load more. */
const rowsIn = (scope: Element) => scope.querySelectorAll<HTMLElement>(ITEM);

/**
 * The "next page" control of every paged list. A next page that fails to load says so here, above
 * the button to try again: the rows already shown stay (the lists show their whole-list error only
 * when they have nothing to show). When the last page arrives the button goes, and the focus moves
 * to the first row it brought (not back to the whole list, nor off the screen).
 */
export function LoadMore({ pages, label = 'items' }: { pages: NextPages; label?: string }) {
  const self = useRef<HTMLDivElement>(null);
  if (!pages.hasNextPage) return null;
  const loading = pages.isFetchingNextPage;

  const loadMore = async () => {
    const scope = self.current?.parentElement;
    if (!scope) return void pages.fetchNextPage();
    const before = rowsIn(scope).length;
    const pressed = self.current?.contains(document.activeElement);
    await pages.fetchNextPage();
    if (!pressed) return;
    // The new rows render a moment after the page arrives.
    for (let frame = 0; frame < 30; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const first = rowsIn(scope)[before];
      if (!first) continue;
      // More to load: the button stays, and the focus with it for the next press.
      if (self.current?.isConnected) return;
      // Unless the user has gone on elsewhere meanwhile.
      const at = document.activeElement;
      if (at && at !== document.body && !scope.contains(at)) return;
      if (!first.hasAttribute('tabindex')) first.tabIndex = -1;
      first.focus();
      return;
    }
  };

  return (
    <div ref={self} className="flex flex-col items-center gap-2 pt-2">
      {pages.isFetchNextPageError && !loading && (
        <p role="alert" className="text-sm text-destructive">
          We could not load more {label}. Please try again.
        </p>
      )}
      <Button variant="outline" onClick={() => void loadMore()} disabled={loading}>
        {loading && <Spinner label="Loading more" />}
        Load more
      </Button>
    </div>
  );
}
