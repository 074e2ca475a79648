import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SignupBody } from '@shared/contracts/auth';
import type { LoginResponse, LoginTwoFactorBody } from '@shared/contracts/two-factor';
import { answer, api } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';

/** With two-factor sign-in on, the answer is a challenge for loginWithCode instead of a session. */
export const login = (body: LoginBody) => answer(api.POST('/api/login', { body }));
export const loginWithCode = (body: LoginTwoFactorBody) => answer(api.POST('/api/login/2fa', { body }));
export const signup = (body: SignupBody) => answer(api.POST('/api/signup', { body }));

/**
 * Log in or sign up; when the answer is a session, it is stored and the user cached. Offline, it fails
 * at once (a NetworkError) instead of waiting, paused, for the network with the form held: the
 * person is told and can go on or cancel. (A message, by contrast, waits: composer.tsx.)
 */
export function useAuthMutation<B, R extends LoginResponse>(call: (body: B) => Promise<R>) {
  const startSession = useStartSession();
  return useMutation({
    networkMode: 'always',
    mutationFn: call,
    onSuccess: (answer) => {
      if ('token' in answer) startSession(answer.token, answer.user);
    },
  });
}
