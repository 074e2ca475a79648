import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
} from 'react';

/**
 * How the shared parts of the app (header, footer, marketing pages, auth forms) link and move
 * between pages, without knowing who routes them.
 *
 * - In the app (`main.tsx`: dashboard, admin, sign-in callback) react-router provides it
 *   (app/router-navigation.tsx), so links change the page in place.
 * - On a first visit to a marketing page (`site.tsx`, server-rendered HTML) there is no router
 *   to download: links are plain links and moving to another page loads it.
 */
export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface Navigation {
  pathname: string;
  search: string;
  navigate(to: string, options?: { replace?: boolean }): void;
  Link: ComponentType<AppLinkProps>;
}

function DocumentLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

/**
 * Navigation by full page loads, for the server-rendered marketing pages. `beforeLeave` runs just
 * before another page loads (to carry the toasts just raised over to it).
 */
export function documentNavigation({
  pathname,
  search = '',
  beforeLeave,
}: {
  pathname: string;
  search?: string;
  beforeLeave?: () => void;
}): Navigation {
  return {
    pathname,
    search,
    navigate(to, options) {
      const url = new URL(to, window.location.href);
      if (url.pathname === window.location.pathname && url.hash === '' && options?.replace) {
        // Only the query changes (a consumed ?authError=): no reason to load the page again.
        window.history.replaceState(window.history.state, '', url);
        return;
      }
      beforeLeave?.();
      if (options?.replace) window.location.replace(url);
      else window.location.assign(url);
    },
    Link: DocumentLink,
  };
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useAppNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useAppNavigation needs a NavigationProvider');
  return nav;
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useAppNavigation();
  return <Link {...props} />;
}

interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  className: (state: { isActive: boolean }) => string;
}

/** A link that knows whether it points at the current page (styled, and aria-current="page"). */
export function AppNavLink({ className, ...props }: AppNavLinkProps) {
  const { Link, pathname } = useAppNavigation();
  const isActive = pathname === props.to;
  return <Link {...props} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} />;
}

/** Sends the visitor elsewhere as soon as it renders (replacing the current history entry). */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useAppNavigation();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
