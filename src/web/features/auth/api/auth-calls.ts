import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody, SignupBody } from '@shared/contracts/auth';
import type { LoginResponse, LoginTwoFactorBody } from '@shared/contracts/two-factor';
import { api } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';

/** With two-factor sign-in on, the answer is a challenge for loginWithCode instead of a session. */
export const login = (body: LoginBody) => api<LoginResponse>('/api/login', { method: 'POST', body });
export const loginWithCode = (body: LoginTwoFactorBody) =>
  api<AuthResponse>('/api/login/2fa', { method: 'POST', body });
export const signup = (body: SignupBody) => api<AuthResponse>('/api/signup', { method: 'POST', body });

/** Log in or sign up; when the answer is a session, it is stored and the user cached. */
export function useAuthMutation<B, R extends LoginResponse>(call: (body: B) => Promise<R>) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if ('token' in answer) startSession(answer.token, answer.user);
    },
  });
}
