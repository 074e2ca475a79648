import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { metaForPath, NOT_FOUND_META } from '@shared/seo';

/** Keeps the title and description right on client-side navigation (the server sends them on first load). */
export function usePageMeta(notFound = false) {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = notFound ? NOT_FOUND_META : metaForPath(pathname);
    if (!meta) return;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname, notFound]);
}
