import { useEffect } from 'react';
import { metaForPath, NOT_FOUND_META } from '@shared/seo';
import { useAppNavigation } from './navigation';

/** Keeps the title and description right on client-side navigation (the server sends them on first load). */
export function usePageMeta(notFound = false) {
  const { pathname } = useAppNavigation();
  useEffect(() => {
    const meta = notFound ? NOT_FOUND_META : metaForPath(pathname);
    if (!meta) return;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname, notFound]);
}
