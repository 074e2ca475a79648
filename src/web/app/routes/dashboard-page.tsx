import { lazy, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { isStaff } from '@shared/roles';
import { AccountUnavailable } from '@/components/layout/account-unavailable';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { CustomerDashboard } from '@/features/customer/components/customer-dashboard';
import { useCurrentUser } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useLiveTicketEvents } from '@/lib/use-live-ticket-events';
import { LazyPart } from '@/components/ui/lazy-part';

// Most visitors of /dashboard are customers: the engineer's dashboard loads for engineers only.
const EngineerDashboard = lazy(() =>
  import('@/features/engineer/components/engineer-dashboard').then((m) => ({ default: m.EngineerDashboard })),
);

/**
 * /dashboard (SPEC.md §2): not signed in → / with the login dialog open (signing in goes on to the
 * dashboard; landing on / with no word left visitors wondering what happened), admins → /admin,
 * otherwise the role's dashboard. If the user cannot be loaded for now, it says so and stays, still
 * signed in.
 */
export default function DashboardPage() {
  const { user, isLoading, failed, retry, token } = useCurrentUser();
  const { openAuthDialog } = useAuthDialog();
  // Only a visitor who arrived signed out is asked to log in: a logout or an ended session on this
  // page goes to / as before (the session's own toast says why), without a dialog in the way.
  const arrivedSignedOut = useRef(!token);
  useEffect(() => {
    if (arrivedSignedOut.current) openAuthDialog('login');
  }, [openAuthDialog]);
  // The customer's and the engineer's tickets update as they change (admins have theirs in AdminLayout).
  useLiveTicketEvents(Boolean(user && !isStaff(user.role)));
  if (!token) return <Navigate to={paths.home} replace />;
  if (isLoading) return <LoadingState label="Loading your dashboard" />;
  if (failed) return <AccountUnavailable onRetry={retry} />;
  if (!user) return <Navigate to={paths.home} replace />;
  if (isStaff(user.role)) return <Navigate to={paths.admin} replace />;
  if (user.role === 'engineer') {
    return (
      <LazyPart label="Loading your dashboard">
        <EngineerDashboard user={user} />
      </LazyPart>
    );
  }
  return <CustomerDashboard user={user} />;
}
