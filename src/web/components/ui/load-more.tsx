import { Button } from './button';
import { Spinner } from './spinner';

/** What LoadMore needs of a TanStack infinite query. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
}

/**
 * The "next page" control of every paged list. A next page that fails to load says so here, above
 * the button to try again: the rows already shown stay (the lists show their whole-list error only
 * when they have nothing to show).
 */
export function LoadMore({ pages, label = 'items' }: { pages: NextPages; label?: string }) {
  if (!pages.hasNextPage) return null;
  const loading = pages.isFetchingNextPage;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      {pages.isFetchNextPageError && !loading && (
        <p role="alert" className="text-sm text-destructive">
          We could not load more {label}. Please try again.
        </p>
      )}
      <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={loading}>
        {loading && <Spinner label="Loading more" />}
        Load more
      </Button>
    </div>
  );
}
