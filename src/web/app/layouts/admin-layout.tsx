import { LogOut } from 'lucide-react';
import { Navigate, Outlet } from 'react-router';
import { isStaff } from '@shared/roles';
import { AccountUnavailable } from '@/components/layout/account-unavailable';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { useLiveTicketEvents } from '@/lib/use-live-ticket-events';

/**
 * Admin pages: a header with only the logo and Logout (SPEC.md §2; the account's Security page is
 * linked from the dashboard); anyone but an admin or superadmin goes to /.
 */
export function AdminLayout() {
  const { user, isLoading, failed, retry, token } = useCurrentUser();
  const logout = useLogout();
  // One stream for the admin pages, kept while moving between them (the dashboard's tickets update live).
  useLiveTicketEvents(Boolean(user && isStaff(user.role)));
  if (!token) return <Navigate to={paths.home} replace />;
  if (isLoading) return <LoadingState label="Loading" />;
  if (failed) return <AccountUnavailable onRetry={retry} />;
  if (!user || !isStaff(user.role)) return <Navigate to={paths.home} replace />;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-40 border-b bg-white/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" onClick={logout}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet context={user} />
      </main>
    </div>
  );
}
