import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { LoadingState } from '@/components/ui/state';
import { usePageMeta } from '@/lib/use-page-meta';
import { AppShell } from './app-shell';
import { SiteLayout } from './layouts/site-layout';
import { RouteError } from './route-error';
import { RouterNavigationProvider } from './router-navigation';
import { NOT_FOUND_PAGE, SITE_PAGES } from './site-routes';

function PageMeta() {
  usePageMeta();
  return null;
}

function Root() {
  return (
    <RouterNavigationProvider>
      <PageMeta />
      <AppShell>
        <Outlet />
      </AppShell>
    </RouterNavigationProvider>
  );
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const marketing: RouteObject[] = Object.entries(SITE_PAGES).map(([path, load]) => ({ path, lazy: page(load) }));

/**
 * Routes (SPEC.md §2) of the app entry (main.tsx): the dashboards and the sign-in callback, plus
 * the marketing pages for moving to them in place. Every page loads on demand; one that cannot load
 * or throws shows RouteError inside its layout. A first visit to a marketing page does not come
 * here: the server sends it rendered, with site.tsx.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown while the first page's code arrives (every page loads on demand).
    hydrateFallbackElement: <LoadingState label="Loading" />,
    // A page that fails shows RouteError inside its layout; this one is for a layout that fails itself.
    errorElement: <RouteError />,
    children: [
      {
        element: (
          <SiteLayout>
            <Outlet />
          </SiteLayout>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...marketing,
              { path: '/dashboard', lazy: page(() => import('./routes/dashboard-page')) },
              { path: '/tickets/:id', lazy: page(() => import('./routes/ticket-page')) },
              { path: '/auth/success', lazy: page(() => import('@/features/auth/components/auth-success-page')) },
              { path: '/account/security', lazy: page(() => import('@/features/auth/pages/security-page')) },
              { path: '/reset-password', lazy: page(() => import('@/features/auth/pages/reset-password-page')) },
              { path: '/unsubscribe', lazy: page(() => import('@/features/auth/pages/unsubscribe-page')) },
              { path: '*', lazy: page(NOT_FOUND_PAGE) },
            ],
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: '/admin', lazy: page(() => import('@/features/admin/components/admin-dashboard')) },
              { path: '/admin-prisma', lazy: page(() => import('@/features/admin/components/database-viewer')) },
            ],
          },
        ],
      },
    ],
  },
]);
