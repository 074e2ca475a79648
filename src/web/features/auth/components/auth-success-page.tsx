import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { GOOGLE_DONE } from '@shared/contracts/auth';
import { homePathFor } from '@shared/roles';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { answer, api, withToken } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import { tokenStore } from '@/lib/token-store';
import { afterLogin } from '../lib/after-login';

/**
 * /auth/success?token=…&done=…: the end of Google sign-in. Takes the token out of the address bar,
 * checks that this browser started the sign-in (GOOGLE_DONE), loads /api/me with the token, stores it
 * and carries on as a normal login; no token, another browser's link or a failed fetch clears the
 * stored token and goes to /.
 * With `&linked=1` it also says that the account's password was removed by the link.
 */
export default function AuthSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    const token = params.get('token');
    // The server linked Google to an account that had a password, and removed it (google-service.ts).
    const passwordRemoved = params.get('linked') === '1';
    // Out of the address bar (and so out of history) before anything else happens.
    window.history.replaceState(null, '', paths.authSuccess);
    const fromThisBrowser = takeDoneCookie() === params.get(GOOGLE_DONE.param);
    if (!token) {
      tokenStore.clear();
      void navigate(paths.home, { replace: true });
      return;
    }
    if (!fromThisBrowser) {
      // A link with a token, but not the end of a sign-in this browser started: someone else's session.
      tokenStore.clear();
      toast.error('Google sign-in failed. Please try again.');
      void navigate(paths.home, { replace: true });
      return;
    }
    // Checked before it is stored: a refused token was never a session, so nothing says one ended.
    answer(api.GET('/api/me', { middleware: [withToken(token)] }))
      .then(({ user }) => {
        startSession(token, user);
        toast.success('Logged in successfully!');
        if (passwordRemoved)
          toast.info(
            'Your account is now linked to Google and its password was removed. Sign in with Google from now on.',
          );
        void navigate(afterLogin.take() ?? homePathFor(user.role), { replace: true });
      })
      .catch(() => {
        tokenStore.clear();
        toast.error('Google sign-in failed. Please try again.');
        void navigate(paths.home, { replace: true });
      });
  }, [params, navigate, startSession]);

  return <LoadingState label="Signing you in" />;
}

/**
 * The one-time value the Google callback gave this browser (GOOGLE_DONE), removed as it is read;
 * `undefined` when there is none, which no address matches.
 */
function takeDoneCookie(): string | undefined {
  const prefix = `${GOOGLE_DONE.cookie}=`;
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  document.cookie = `${GOOGLE_DONE.cookie}=; Max-Age=0; Path=${GOOGLE_DONE.path}; SameSite=Lax`;
  return value || undefined;
}
