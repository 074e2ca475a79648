import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { AppLink } from '@/lib/navigation';
import { cn } from '@/lib/utils';

export const NAV = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.services, label: 'Services' },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
] as const;

/**
 * Login, or Welcome {name} with Logout. Signed in but with the account not loaded for now (offline,
 * the server in trouble): Logout alone, since offering Login would say the session is gone.
 */
export function AccountControls({ stacked = false, onAction }: { stacked?: boolean; onAction?: () => void }) {
  const { user, isLoading, failed } = useCurrentUser();
  const logout = useLogout();
  const { openAuthDialog } = useAuthDialog();
  if (isLoading) return <span className="h-9 w-24 animate-pulse rounded-lg bg-muted" aria-hidden="true" />;
  if (user || failed) {
    return (
      <div className={cn('flex items-center gap-3', stacked && 'flex-col items-stretch')}>
        {user && (
          <span
            className={cn(
              'inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-700',
              // Between 1024 and 1280 px the whole navigation shares the row: the name is cut shorter.
              !stacked && 'max-w-36 xl:max-w-56',
            )}
            title={`Welcome ${user.name}`}
          >
            <UserRound aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {/* A long name is cut short in the header (the whole greeting stays its title and its text). */}
            <span className={cn(stacked ? 'wrap-anywhere' : 'truncate')}>Welcome {user.name}</span>
          </span>
        )}
        {user && user.role !== 'user' && (
          // Staff's sign-in settings (two-factor sign-in, DECISIONS.md §7.6).
          <Button asChild variant="ghost" size="sm">
            <AppLink to={paths.security} onClick={() => onAction?.()}>
              <ShieldCheck aria-hidden="true" />
              <span className={cn(!stacked && 'sr-only xl:not-sr-only')}>Security</span>
            </AppLink>
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            onAction?.();
            logout();
          }}
        >
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </div>
    );
  }
  return (
    <Button
      size="sm"
      onClick={() => {
        onAction?.();
        openAuthDialog('login');
      }}
      className={cn(stacked && 'w-full')}
    >
      Login
    </Button>
  );
}

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-slate-600',
  );
