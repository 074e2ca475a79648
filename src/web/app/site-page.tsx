import { type ComponentType, StrictMode } from 'react';
import { type Navigation, NavigationProvider } from '@/lib/navigation';
import { AppShell } from './app-shell';
import { SiteLayout } from './layouts/site-layout';
import { AppProviders } from './providers';

type PageModule = () => Promise<{ default: ComponentType }>;

export interface SitePageEntry {
  load: PageModule;
  /** The page's source module, as the build manifest names it (for the server's preload links). */
  module: string;
}

/**
 * The marketing pages (SPEC.md §2). The server renders them into the HTML it sends (entry-server.tsx)
 * and site.tsx makes that HTML live without a router; the app's router (router.tsx) loads the same
 * modules when someone moves to them from the dashboard.
 */
export const SITE_PAGES: Record<string, SitePageEntry> = {
  '/': { load: () => import('@/features/marketing/pages/home-page'), module: 'features/marketing/pages/home-page.tsx' },
  '/service': { load: () => import('@/features/marketing/pages/services-page'), module: 'features/marketing/pages/services-page.tsx' },
  '/how-it-works': {
    load: () => import('@/features/marketing/pages/how-it-works-page'),
    module: 'features/marketing/pages/how-it-works-page.tsx',
  },
  '/about': { load: () => import('@/features/marketing/pages/about-page'), module: 'features/marketing/pages/about-page.tsx' },
  '/contact': { load: () => import('@/features/marketing/pages/contact-page'), module: 'features/marketing/pages/contact-page.tsx' },
};

export const NOT_FOUND_PAGE: SitePageEntry = {
  load: () => import('@/features/marketing/pages/not-found-page'),
  module: 'features/marketing/pages/not-found-page.tsx',
};

export const sitePageFor = (pathname: string): SitePageEntry => SITE_PAGES[pathname] ?? NOT_FOUND_PAGE;

/** One marketing page with everything around it: the same tree on the server and in the browser. */
export function SitePage({ navigation, Page }: { navigation: Navigation; Page: ComponentType }) {
  return (
    <StrictMode>
      <AppProviders>
        <NavigationProvider value={navigation}>
          <AppShell>
            <SiteLayout>
              <Page />
            </SiteLayout>
          </AppShell>
        </NavigationProvider>
      </AppProviders>
    </StrictMode>
  );
}
