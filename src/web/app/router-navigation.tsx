import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type AppLinkProps, type Navigation, NavigationProvider } from '@/lib/navigation';

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />;
}

/** Inside the app's router: links and moves change the page in place (lib/navigation.tsx). */
export function RouterNavigationProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      pathname,
      search,
      navigate: (to, options) => void navigate(to, options),
      Link: RouterLink,
    }),
    [pathname, search, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
