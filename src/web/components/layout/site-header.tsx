import { Menu, Phone } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LazyOverlay } from '@/components/ui/lazy-overlay';
import { Tooltip } from '@/components/ui/tooltip';
import { appConfig, telHref } from '@/lib/app-config';
import { AppNavLink } from '@/lib/navigation';
import { AccountControls, NAV, navLinkClass } from './header-parts';
import { Logo } from './logo';

// Radix Dialog loads with the menu, on the first tap: desktop visitors never download it.
const MobileMenu = lazy(() => import('./mobile-menu'));

/** The header of every non-admin page: navigation, Call Now, Login or Welcome {name} with Logout, and a phone menu. */
export function SiteHeader() {
  const [menu, setMenu] = useState({ open: false, loaded: false });
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <AppNavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </AppNavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <Tooltip content={`Call ${appConfig.supportPhone}`}>
            <Button asChild variant="outline" size="sm">
              <a href={telHref(appConfig.supportPhone)}>
                <Phone aria-hidden="true" />
                {/* Below 1280 px the icon alone (its tooltip says the number): the row holds the whole navigation. */}
                <span className="sr-only xl:not-sr-only">Call Now</span>
              </a>
            </Button>
          </Tooltip>
          <AccountControls />
        </div>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menu.open}
          onClick={() => setMenu({ open: true, loaded: true })}
        >
          <Menu className="size-6!" />
        </Button>
        {menu.loaded && (
          <LazyOverlay label="menu">
            <MobileMenu open={menu.open} onOpenChange={(open) => setMenu((m) => ({ ...m, open }))} trigger={trigger} />
          </LazyOverlay>
        )}
      </div>
    </header>
  );
}
