import { isStaff } from '@shared/roles';
import { AccountUnavailable } from '@/components/layout/account-unavailable';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth';
import { AppLink, Redirect } from '@/lib/navigation';
import { ChangePasswordCard } from '../components/change-password-card';
import { NotificationSettings } from '../components/notification-settings';
import { TwoFactorPanel } from '../components/two-factor-panel';
import { EmailText } from '@/components/ui/email-text';

/**
 * /account/security: a staff member's sign-in settings (two-factor sign-in, password) and email
 * notifications. Customers have these on their dashboard's Profile tab.
 */
export default function SecurityPage() {
  const { user, isLoading, failed, retry, token } = useCurrentUser();
  if (!token) return <Redirect to={paths.home} />;
  if (isLoading) return <LoadingState label="Loading" />;
  if (failed) return <AccountUnavailable onRetry={retry} />;
  if (!user) return <Redirect to={paths.home} />;
  if (user.role === 'user') return <Redirect to={paths.dashboard} />;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-1">
        <AppLink
          to={isStaff(user.role) ? paths.admin : paths.dashboard}
          className="text-sm text-primary hover:underline"
        >
          ← Back to {isStaff(user.role) ? 'admin' : 'your dashboard'}
        </AppLink>
        <h1 className="text-2xl font-bold tracking-tight">Account security</h1>
        <p className="text-sm text-muted-foreground">
          Signed in as <EmailText email={user.email} />
        </p>
      </div>
      <TwoFactorPanel />
      <ChangePasswordCard />
      {/* Admins are no ticket's party: no optional email goes to them. */}
      {user.role === 'engineer' && <NotificationSettings engineer />}
    </section>
  );
}
