import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type AppLinkProps, type Navigation, NavigationProvider } from '@/lib/navigation';

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />;
}

/** Inside the app's router: links and moves change the page in place (lib/navigation.tsx). */
export function RouterNavigationProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useFocusHeadingOnMove(pathname);
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

/**
 * After a move inside the app (Database viewer, Back to admin dashboard) the link that was pressed
 * is gone: the new page's heading takes the focus, so a screen reader says where the user is and the
 * next Tab goes on from the top of its content. Not on the first page load. The page may still be
 * loading its code: tried on each frame for up to 3 s. A page opened for one control (the rating
 * form of the completion email's link) marks it `data-autofocus`, focuses and scrolls to it itself:
 * it keeps the focus rather than the heading.
 */
function useFocusHeadingOnMove(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frames = 0;
    let frame = requestAnimationFrame(function tryFocus() {
      const asked = document.querySelector<HTMLElement>('main [data-autofocus]');
      const heading = document.querySelector<HTMLElement>('main h1');
      if (asked) {
        asked.focus({ preventScroll: true });
      } else if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      } else if (++frames < 180) frame = requestAnimationFrame(tryFocus);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
