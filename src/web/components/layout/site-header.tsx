import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Menu, Phone, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-context';
import { appConfig, telHref } from '@/lib/app-config';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { Logo } from './logo';

const NAV = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.services, label: 'Services' },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
] as const;

function AccountControls({ stacked = false, onAction }: { stacked?: boolean; onAction?: () => void }) {
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  const { openAuthDialog } = useAuthDialog();
  if (isLoading) return <span className="h-9 w-24 animate-pulse rounded-lg bg-muted" aria-hidden="true" />;
  if (user) {
    return (
      <div className={cn('flex items-center gap-3', stacked && 'flex-col items-stretch')}>
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <UserRound aria-hidden="true" className="size-4 text-primary" />
          Welcome {user.name}
        </span>
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

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-slate-600',
  );

/** The header of every non-admin page: navigation, Call Now, Login or Welcome {name} with Logout, and a phone menu. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <Tooltip content={`Call ${appConfig.supportPhone}`}>
            <Button asChild variant="outline" size="sm">
              <a href={telHref(appConfig.supportPhone)}>
                <Phone aria-hidden="true" />
                Call Now
              </a>
            </Button>
          </Tooltip>
          <AccountControls />
        </div>

        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Trigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
              <Menu className="size-6!" />
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 lg:hidden" />
            <DialogPrimitive.Content
              className="fixed inset-x-0 top-0 z-50 rounded-b-2xl bg-white p-4 pb-6 shadow-2xl lg:hidden"
              aria-describedby={undefined}
            >
              <div className="flex items-center justify-between">
                <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
                <Logo />
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close menu">
                    <X className="size-6!" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <nav aria-label="Mobile" className="mt-4 flex flex-col">
                {NAV.map((item) => (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    onClick={close}
                    className={(s) => cn(navLinkClass(s), 'py-3 text-base')}
                  >
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-4 flex flex-col gap-3 border-t pt-4">
                <Button asChild variant="outline">
                  <a href={telHref(appConfig.supportPhone)}>
                    <Phone aria-hidden="true" />
                    Call Now
                  </a>
                </Button>
                <AccountControls stacked onAction={close} />
              </div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      </div>
    </header>
  );
}
