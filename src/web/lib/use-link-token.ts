import { useEffect, useState } from 'react';

/**
 * The `token` of the emailed link that opened this page (a password reset, an unsubscribe), taken
 * out of the address bar (history, Referer) as soon as the page is shown. Read while rendering and
 * removed after: React may render a page more than once before showing it (a render it set aside
 * when something else needed rendering first), and a render that changed the address would leave
 * the next one without the token.
 */
export function useLinkToken(pagePath: string): string {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', pagePath);
  }, [token, pagePath]);
  return token;
}
