import { useEffect, useRef } from 'react';
import { useAppNavigation } from './navigation';

/**
 * Keeps the title and description right on a move in place. The server sends every page with its
 * own (server/plugins/web.ts), so the table of them (shared/seo.ts) loads with the first move, not
 * with the page.
 */
export function usePageMeta(notFound = false) {
  const { pathname } = useAppNavigation();
  const arrived = useRef(false);
  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      if (!notFound) return;
    }
    let current = true;
    import('@shared/seo')
      .then(({ metaForPath, NOT_FOUND_META }) => {
        const meta = notFound ? NOT_FOUND_META : metaForPath(pathname);
        if (!current || !meta) return;
        document.title = meta.title;
        document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
      })
      // Offline: the title stays the last page's until the next move.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [pathname, notFound]);
}
