import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import type { User } from '@shared/contracts/auth';
import { homePathFor } from '@shared/roles';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { tokenStore } from '@/lib/token-store';

/**
 * /auth/success?token=…: the end of Google sign-in. Takes the token out of the address bar, loads
 * /api/me with it, stores it and carries on as a normal login; no token or a failed fetch clears the
 * stored token and goes to /.
 * With `&linked=1` it also says that the account's password was removed by the link.
 */
export default function AuthSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    const token = params.get('token');
    // The server linked Google to an account that had a password, and removed it (google-service.ts).
    const passwordRemoved = params.get('linked') === '1';
    // Out of the address bar (and so out of history) before anything else happens.
    window.history.replaceState(null, '', paths.authSuccess);
    if (!token) {
      tokenStore.clear();
      void navigate(paths.home, { replace: true });
      return;
    }
    // Checked before it is stored: a refused token was never a session, so nothing says one ended.
    api<{ user: User }>('/api/me', { token })
      .then(({ user }) => {
        tokenStore.set(token);
        client.setQueryData([...meQueryKey, token], user);
        toast.success('Logged in successfully!');
        if (passwordRemoved)
          toast.info(
            'Your account is now linked to Google and its password was removed. Sign in with Google from now on.',
          );
        void navigate(homePathFor(user.role), { replace: true });
      })
      .catch(() => {
        tokenStore.clear();
        toast.error('Google sign-in failed. Please try again.');
        void navigate(paths.home, { replace: true });
      });
  }, [params, navigate, client]);

  return <LoadingState label="Signing you in" />;
}
