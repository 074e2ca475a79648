import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { documentNavigation } from '@/lib/navigation';
import { carryRecentToasts, showCarriedToasts } from '@/lib/toast';
import { SitePage, sitePageFor } from './app/site-page';

/**
 * The entry of a first visit to a marketing page: the server sent the page already rendered
 * (entry-server.tsx), so this only makes it live. No router: a link to another page loads it.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');

const { pathname, search } = window.location;
const navigation = documentNavigation({ pathname, search, beforeLeave: carryRecentToasts });

void sitePageFor(pathname)
  .load()
  .then(({ default: Page }) => {
    const page = <SitePage navigation={navigation} Page={Page} />;
    // In a transition, hydration yields to the browser between components instead of holding the main thread.
    if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, page));
    else createRoot(root).render(page);
    showCarriedToasts();
  });
