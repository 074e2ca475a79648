import { createBrowserRouter, Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog';
import { AuthErrorToast } from '@/features/auth/components/auth-error-toast';
import { TestModeNotice } from '@/features/payments/components/test-mode-notice';
import HomePage from '@/features/marketing/pages/home-page';
import { usePageMeta } from '@/lib/use-page-meta';
import { SiteLayout } from './layouts/site-layout';

function Root() {
  usePageMeta();
  return (
    <AuthDialogProvider>
      {/* First, so it is listening before any child's effect raises a toast. */}
      <Toaster />
      <TestModeNotice />
      <AuthErrorToast />
      <Outlet />
    </AuthDialogProvider>
  );
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** Routes (SPEC.md §2). The home page is in the first bundle; every other page loads on demand. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/service', lazy: page(() => import('@/features/marketing/pages/services-page')) },
          { path: '/how-it-works', lazy: page(() => import('@/features/marketing/pages/how-it-works-page')) },
          { path: '/about', lazy: page(() => import('@/features/marketing/pages/about-page')) },
          { path: '/contact', lazy: page(() => import('@/features/marketing/pages/contact-page')) },
          { path: '/dashboard', lazy: page(() => import('./routes/dashboard-page')) },
          { path: '/auth/success', lazy: page(() => import('@/features/auth/components/auth-success-page')) },
          { path: '*', lazy: page(() => import('@/features/marketing/pages/not-found-page')) },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
        children: [
          { path: '/admin', lazy: page(() => import('@/features/admin/components/admin-dashboard')) },
          { path: '/admin-prisma', lazy: page(() => import('@/features/admin/components/database-viewer')) },
        ],
      },
    ],
  },
]);
