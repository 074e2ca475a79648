import { useMutation } from '@tanstack/react-query';
import type { RatingBody } from '@shared/contracts/ratings';
import { answer, api, toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRefreshTickets } from './customer-queries';

/**
 * POST /api/tickets/{id}/rating; the ticket lists refresh with the rating in them. Its toasts are the
 * mutation's own, not the form's: once the rating is in the list, the card shows it in place of the
 * form, which may be gone before the answer's callbacks would run.
 */
export const useRateTicket = (ticketId: string) => {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (body: RatingBody) =>
      answer(api.POST('/api/tickets/{id}/rating', { params: { path: { id: ticketId } }, body })),
    onSuccess: () => toast.success('Thank you for your rating'),
    onError: (err) => toastError(err, 'Failed to save your rating'),
    onSettled: () => refresh(),
  });
};
