import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ProfileBody } from '@shared/contracts/auth';
import { answer, api } from '@/lib/api-client';
import { meQueryKey, useToken } from '@/lib/auth';
import { pageQuery } from '@/lib/paging';
import { onlyTicket, ticketQueryRoots } from '@/lib/ticket-query-keys';

const TICKETS = ticketQueryRoots.customer;

const myTicketsPage = (cursor: string, id?: string) =>
  answer(api.GET('/api/tickets', { params: { query: { ...pageQuery(cursor), id } } }));

export const myTicketsQuery = infiniteQueryOptions({
  queryKey: [...TICKETS, 'mine'],
  queryFn: ({ pageParam }) => myTicketsPage(pageParam),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  meta: { ticketRow: (id) => onlyTicket(myTicketsPage('', id)) },
});

export const useMyTickets = () => useInfiniteQuery(myTicketsQuery);

/**
 * The customer's in-progress tickets older than the pages loaded so far (`after`: the list's next
 * cursor), asked for only while there are such pages: one of those may be waiting for the fee, out
 * of sight. The first page of them; the previous answer stays on screen while the next is fetched.
 */
export const useInProgressTicketsAfter = (after: string | null | undefined) =>
  useQuery({
    queryKey: [...TICKETS, 'in-progress', after ?? ''],
    queryFn: () =>
      answer(api.GET('/api/tickets', { params: { query: { ...pageQuery(after ?? ''), status: 'in-progress' } } })),
    enabled: Boolean(after),
    placeholderData: keepPreviousData,
  });

export const inProgressPaymentsQuery = queryOptions({
  queryKey: [...TICKETS, 'inprogress-payments'],
  queryFn: () => answer(api.GET('/api/user/inprogress-payments')).then((r) => r.payments),
});

export const useInProgressPayments = () => useQuery(inProgressPaymentsQuery);

/** After a payment: tickets and their payment state are stale, on the lists and on a ticket's own page. */
export function useRefreshTickets() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: TICKETS }),
      client.invalidateQueries({ queryKey: ticketQueryRoots.conversation }),
    ]);
}

export function useUpdateProfile() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    // Offline, it fails at once and says so, rather than waiting with the form held (see useAuthMutation).
    networkMode: 'always',
    mutationFn: (body: ProfileBody) => answer(api.PATCH('/api/profile', { body })),
    onSuccess: ({ user }) => client.setQueryData([...meQueryKey, token], user),
  });
}
