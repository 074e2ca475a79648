import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketStatus } from '@shared/tickets';
import { answer, api } from '@/lib/api-client';
import { filterParams, pageQuery } from '@/lib/paging';
import { onlyTicket, ticketQueryRoots } from '@/lib/ticket-query-keys';

const KEY = ticketQueryRoots.engineer;

const assignedTicketsPage = (status: TicketStatus | '', cursor: string, id?: string) =>
  answer(
    api.GET('/api/engineer/assigned-tickets', {
      params: { query: { ...pageQuery(cursor), ...filterParams({ status }), id } },
    }),
  );

/** The engineer's tickets, newest first, optionally of one status. */
export const useAssignedTickets = (status: TicketStatus | '' = '') =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...KEY, status],
      queryFn: ({ pageParam }) => assignedTicketsPage(status, pageParam),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: { ticketRow: (id) => onlyTicket(assignedTicketsPage(status, '', id)) },
      // Live events reach a ticket's parties only (DECISIONS.md §7.1): a ticket an admin takes from
      // this engineer sends them none, so the list is asked again whenever they come back to the tab.
      refetchOnWindowFocus: 'always',
    }),
  );

export function useCompleteTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; remarks: string }) =>
      answer(api.PATCH('/api/tickets/{id}/complete', { params: { path: { id: v.id } }, body: { remarks: v.remarks } })),
    onSuccess: (_, v) =>
      Promise.all([
        client.invalidateQueries({ queryKey: KEY }),
        // The ticket's own page, where the engineer may have completed it.
        client.invalidateQueries({ queryKey: [...ticketQueryRoots.conversation, v.id] }),
      ]),
  });
}

/** The engineer's own average rating (GET /api/engineer/rating); refreshed with the ticket lists. */
export const useOwnRating = () =>
  useQuery({ queryKey: [...KEY, 'rating'], queryFn: () => answer(api.GET('/api/engineer/rating')) });
