import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TicketsResponse } from '@shared/contracts/tickets';
import type { ProfileBody, UserResponse } from '@shared/contracts/auth';
import type { InProgressPaymentsResponse } from '@shared/contracts/payments';
import { api } from '@/lib/api-client';
import { meQueryKey, useToken } from '@/lib/auth';
import { pageUrl } from '@/lib/paging';

export const myTicketsQuery = infiniteQueryOptions({
  queryKey: ['tickets', 'mine'],
  queryFn: ({ pageParam }) => api<TicketsResponse>(pageUrl('/api/tickets', pageParam)),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const useMyTickets = () => useInfiniteQuery(myTicketsQuery);

/**
 * The customer's in-progress tickets (the first page of them), asked for only while the list has
 * pages not loaded yet: one of those may be waiting for the fee, out of sight.
 */
export const useInProgressTickets = (needed: boolean) =>
  useQuery({
    queryKey: ['tickets', 'in-progress'],
    queryFn: () => api<TicketsResponse>(pageUrl('/api/tickets', '', '&status=in-progress')),
    enabled: needed,
  });

export const inProgressPaymentsQuery = queryOptions({
  queryKey: ['tickets', 'inprogress-payments'],
  queryFn: () => api<InProgressPaymentsResponse>('/api/user/inprogress-payments').then((r) => r.payments),
});

export const useInProgressPayments = () => useQuery(inProgressPaymentsQuery);

/** After a payment: tickets and their payment state are stale. */
export function useRefreshTickets() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['tickets'] });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: ProfileBody) => api<UserResponse>('/api/profile', { method: 'PATCH', body }),
    onSuccess: ({ user }) => client.setQueryData([...meQueryKey, token], user),
  });
}
