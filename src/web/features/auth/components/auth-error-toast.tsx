import { useEffect } from 'react';
import { useAppNavigation } from '@/lib/navigation';
import { AUTH_ERROR_PARAM } from '@/lib/page-state-keys';
import { toast } from '@/lib/toast';

/** Shows why a Google sign-in came back to /, then removes the parameter from the address. */
export function AuthErrorToast() {
  const { pathname, search, navigate } = useAppNavigation();
  const reason = new URLSearchParams(search).get(AUTH_ERROR_PARAM);
  useEffect(() => {
    if (!reason) return;
    // The words load only when there is something to say: every page's first download is spared them.
    void import('../lib/auth-error-messages')
      .then(({ AUTH_ERROR_MESSAGES }) => AUTH_ERROR_MESSAGES[reason])
      .catch(() => undefined)
      .then((known) => {
        const message = known ?? 'Google sign-in failed. Please try again.';
        // Nobody did anything wrong when it is switched off, or when the user chose to cancel.
        if (reason === 'not_configured') toast.warning(message);
        else if (reason === 'denied') toast.info(message);
        else toast.error(message);
      });
    const rest = new URLSearchParams(search);
    rest.delete(AUTH_ERROR_PARAM);
    const query = rest.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
  }, [reason, pathname, search, navigate]);
  return null;
}
