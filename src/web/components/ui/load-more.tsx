import { Button } from './button';
import { Spinner } from './spinner';

/** The "next page" control of every paged list. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad(): void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading && <Spinner label="Loading more" />}
        Load more
      </Button>
    </div>
  );
}
