import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TwoFactorCodeBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@shared/contracts/two-factor';
import { api } from '@/lib/api-client';

const statusQuery = queryOptions({
  queryKey: ['two-factor'] as const,
  queryFn: () => api<TwoFactorStatus>('/api/2fa'),
});

export const useTwoFactorStatus = () => useQuery(statusQuery);

/** A new secret and its QR code: held by the set-up screen only, never cached. */
export const useSetUpTwoFactor = () =>
  useMutation({ mutationFn: () => api<TwoFactorSetupResponse>('/api/2fa/setup', { method: 'POST' }) });

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => api<TwoFactorEnableResponse>('/api/2fa/enable', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => api<TwoFactorStatus>('/api/2fa/disable', { method: 'POST', body }),
    onSuccess: (status) => client.setQueryData(statusQuery.queryKey, status),
  });
}
