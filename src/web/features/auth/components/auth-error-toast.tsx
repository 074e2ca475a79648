import { useEffect } from 'react';
import { useAppNavigation } from '@/lib/navigation';
import { AUTH_ERROR_PARAM } from '@/lib/page-state-keys';
import { toast } from '@/lib/toast';

/** What each `?authError=` the Google callback can send back means, in the user's words. */
const MESSAGES: Record<string, string> = {
  not_configured: 'Google sign-in is not configured yet. Please log in with your email and password.',
  unavailable: 'Google sign-in is unavailable right now. Please try again in a moment.',
  denied: 'Google sign-in was cancelled.',
  state: 'Your Google sign-in expired or was already used. Please try again.',
  token: 'Google sign-in could not be verified. Please try again.',
  unverified_email: 'Your Google email address is not verified, so we cannot sign you in with it.',
  no_email: 'Google did not share an email address, which we need to sign you in.',
  staff_account:
    'This is a staff account: Google sign-in is for customers. Please log in with your email and password.',
  suspended: 'This account is suspended. Please contact RemoteFix support.',
};

/** Shows why a Google sign-in came back to /, then removes the parameter from the address. */
export function AuthErrorToast() {
  const { pathname, search, navigate } = useAppNavigation();
  const reason = new URLSearchParams(search).get(AUTH_ERROR_PARAM);
  useEffect(() => {
    if (!reason) return;
    const message = MESSAGES[reason] ?? 'Google sign-in failed. Please try again.';
    // Nobody did anything wrong when it is switched off, or when the user chose to cancel.
    if (reason === 'not_configured') toast.warning(message);
    else if (reason === 'denied') toast.info(message);
    else toast.error(message);
    const rest = new URLSearchParams(search);
    rest.delete(AUTH_ERROR_PARAM);
    const query = rest.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
  }, [reason, pathname, search, navigate]);
  return null;
}
