import { useMutation } from '@tanstack/react-query';
import type { RatingBody } from '@shared/contracts/ratings';
import type { TicketResponse } from '@shared/contracts/tickets';
import { api } from '@/lib/api-client';
import { useRefreshTickets } from './customer-queries';

/** POST /api/tickets/{id}/rating; the ticket lists refresh with the rating in them. */
export const useRateTicket = (ticketId: string) => {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (body: RatingBody) => api<TicketResponse>(`/api/tickets/${ticketId}/rating`, { method: 'POST', body }),
    onSettled: () => refresh(),
  });
};
