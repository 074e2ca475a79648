import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody, SignupBody } from '@shared/contracts/auth';
import { api } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';

export const login = (body: LoginBody) => api<AuthResponse>('/api/login', { method: 'POST', body });
export const signup = (body: SignupBody) => api<AuthResponse>('/api/signup', { method: 'POST', body });

/** Log in or sign up; on success the session is stored and the user cached. */
export function useAuthMutation<B>(call: (body: B) => Promise<AuthResponse>) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ token, user }) => startSession(token, user),
  });
}
