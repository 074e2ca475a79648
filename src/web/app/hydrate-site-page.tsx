import { type ComponentType, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderedCatalogue } from '@/lib/catalogue';
import { documentNavigation } from '@/lib/navigation';
import { carryRecentToasts, showCarriedToasts } from '@/lib/toast';
import { SitePage } from './site-page';

/**
 * Makes a marketing page live (site.tsx): hydrates the HTML the server rendered, or renders the page
 * where there is none (the Vite dev server). No router: a link to another page loads it.
 */
export function hydrateSitePage(root: HTMLElement, Page: ComponentType) {
  const { pathname, search } = window.location;
  const navigation = documentNavigation({ pathname, search, beforeLeave: carryRecentToasts });
  // The catalogue the server rendered the page with: hydrating from it matches the markup at once.
  const page = <SitePage navigation={navigation} Page={Page} catalogue={renderedCatalogue()} />;
  // In a transition, hydration yields to the browser between components instead of holding the main thread.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, page));
  else createRoot(root).render(page);
  showCarriedToasts();
}
