import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@shared/contracts/passwords';
import { answer, api, withToken } from '@/lib/api-client';
import { useAuthMutation } from './auth-calls';

/** Emails a reset link if the account exists; the answer is the same either way. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) => answer(api.POST('/api/password/forgot', { body })),
  });

/**
 * Whether the reset link's token still works, asked once when its page opens (it changes nothing), so
 * a used or expired link says so before a password is typed. No session is sent. Off (`enabled`) once
 * the link is being used: the new session empties the cache, which would otherwise ask again.
 */
export const useResetLinkCheck = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => answer(api.POST('/api/password/reset/check', { body: { token }, middleware: [withToken('')] })),
    enabled: enabled && token !== '',
    retry: false,
    staleTime: Infinity,
  });

/** The reset link's token and a new password: signed in (or a two-factor challenge, as login). */
export const useResetPassword = () =>
  useAuthMutation((body: ResetPasswordBody) =>
    answer(api.POST('/api/password/reset', { body, middleware: [withToken('')] })),
  );

/** A new password while signed in: this session goes on under a new token, every other one ends. */
export const useChangePassword = () =>
  useAuthMutation((body: ChangePasswordBody) => answer(api.PATCH('/api/password', { body })));
