import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketResponse, TicketsResponse } from '@shared/contracts/tickets';
import { api } from '@/lib/api-client';
import { pageUrl } from '@/lib/paging';
import { ticketQueryRoots } from '@/lib/ticket-query-keys';

const KEY = ticketQueryRoots.engineer;

export const useAssignedTickets = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: KEY,
      queryFn: ({ pageParam }) => api<TicketsResponse>(pageUrl('/api/engineer/assigned-tickets', pageParam)),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

export function useCompleteTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; remarks: string }) =>
      api<TicketResponse>(`/api/tickets/${v.id}/complete`, { method: 'PATCH', body: { remarks: v.remarks } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
