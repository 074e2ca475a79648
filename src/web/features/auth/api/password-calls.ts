import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@shared/contracts/passwords';
import { answer, api, withToken } from '@/lib/api-client';
import { useAuthMutation } from './auth-calls';

/** Emails a reset link if the account exists; the answer is the same either way. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) => answer(api.POST('/api/password/forgot', { body })),
  });

/** The reset link's token and a new password: signed in (or a two-factor challenge, as login). */
export const useResetPassword = () =>
  useAuthMutation((body: ResetPasswordBody) =>
    answer(api.POST('/api/password/reset', { body, middleware: [withToken('')] })),
  );

/** A new password while signed in: this session goes on under a new token, every other one ends. */
export const useChangePassword = () =>
  useAuthMutation((body: ChangePasswordBody) => answer(api.PATCH('/api/password', { body })));
