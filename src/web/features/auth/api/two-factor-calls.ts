import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorCodeBody } from '@shared/contracts/two-factor';
import { answer, api } from '@/lib/api-client';

const statusQuery = queryOptions({
  queryKey: ['two-factor'] as const,
  queryFn: () => answer(api.GET('/api/2fa')),
});

export const useTwoFactorStatus = () => useQuery(statusQuery);

/** A new secret and its QR code: held by the set-up screen only, never cached. */
export const useSetUpTwoFactor = () => useMutation({ mutationFn: () => answer(api.POST('/api/2fa/setup')) });

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => answer(api.POST('/api/2fa/enable', { body })),
    onSuccess: () => void client.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => answer(api.POST('/api/2fa/disable', { body })),
    onSuccess: (status) => client.setQueryData(statusQuery.queryKey, status),
  });
}
