import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@shared/contracts/auth';
import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@shared/contracts/passwords';
import type { LoginResponse } from '@shared/contracts/two-factor';
import { api } from '@/lib/api-client';
import { useAuthMutation } from './auth-calls';

/** Emails a reset link if the account exists; the answer is the same either way. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) => api<{ ok: true }>('/api/password/forgot', { method: 'POST', body }),
  });

/** The reset link's token and a new password: signed in (or a two-factor challenge, as login). */
export const useResetPassword = () =>
  useAuthMutation((body: ResetPasswordBody) =>
    api<LoginResponse>('/api/password/reset', { method: 'POST', body, token: '' }),
  );

/** A new password while signed in: this session goes on under a new token, every other one ends. */
export const useChangePassword = () =>
  useAuthMutation((body: ChangePasswordBody) => api<AuthResponse>('/api/password', { method: 'PATCH', body }));
