import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/state';
import { usePageMeta } from '@/lib/use-page-meta';
import { AppShell } from './app-shell';
import { AdminLayout } from './layouts/admin-layout';
import { SiteLayout } from './layouts/site-layout';
import { RouteErrorBoundary } from './route-error';
import { RouterNavigationProvider } from './router-navigation';
import { NOT_FOUND_PAGE, SITE_PAGES } from './site-routes';

const MarketingPages = Object.entries(SITE_PAGES).map(([path, load]) => ({ path, Page: lazy(load) }));
const NotFoundPage = lazy(NOT_FOUND_PAGE);
const DashboardPage = lazy(() => import('./routes/dashboard-page'));
const TicketPage = lazy(() => import('./routes/ticket-page'));
const AuthSuccessPage = lazy(() => import('@/features/auth/components/auth-success-page'));
const SecurityPage = lazy(() => import('@/features/auth/pages/security-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page'));
const UnsubscribePage = lazy(() => import('@/features/auth/pages/unsubscribe-page'));
const AdminDashboard = lazy(() => import('@/features/admin/components/admin-dashboard'));
const DatabaseViewer = lazy(() => import('@/features/admin/components/database-viewer'));

function PageMeta() {
  usePageMeta();
  return null;
}

/** A page inside its layout: one that cannot load or throws shows RouteError there, under the header. */
function Page({ component: PageComponent }: { component: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <PageComponent />
    </RouteErrorBoundary>
  );
}

/** The routes' own errors and first load, above every layout. */
function Pages({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {/* Shown while the first page's code arrives; a move to another page keeps the current one on
          screen until the next is ready (the router moves in a transition). */}
      <Suspense fallback={<LoadingState label="Loading" />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Routes (SPEC.md §2) of the app entry (main.tsx): the dashboards and the sign-in callback, plus the
 * marketing pages for moving to them in place. The two layouts come with the entry; every page loads
 * on demand. The app uses no loaders, actions or fetchers, so it routes declaratively: the data
 * router that provides them is most of react-router's code, and every page would download it. A
 * first visit to a marketing page does not come here: the server sends it rendered, with site.tsx.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouterNavigationProvider>
        <PageMeta />
        <AppShell>
          <Pages>
            <Routes>
              <Route
                element={
                  <SiteLayout>
                    <Outlet />
                  </SiteLayout>
                }
              >
                {MarketingPages.map(({ path, Page: component }) => (
                  <Route key={path} path={path} element={<Page component={component} />} />
                ))}
                <Route path="/dashboard" element={<Page component={DashboardPage} />} />
                <Route path="/tickets/:id" element={<Page component={TicketPage} />} />
                <Route path="/auth/success" element={<Page component={AuthSuccessPage} />} />
                <Route path="/account/security" element={<Page component={SecurityPage} />} />
                <Route path="/reset-password" element={<Page component={ResetPasswordPage} />} />
                <Route path="/unsubscribe" element={<Page component={UnsubscribePage} />} />
                <Route path="*" element={<Page component={NotFoundPage} />} />
              </Route>
              <Route element={<AdminLayout />}>
                <Route path="/admin" element={<Page component={AdminDashboard} />} />
                <Route path="/admin-prisma" element={<Page component={DatabaseViewer} />} />
              </Route>
            </Routes>
          </Pages>
        </AppShell>
      </RouterNavigationProvider>
    </BrowserRouter>
  );
}
