import { queryOptions } from '@tanstack/react-query';
import { type Receipt, receiptFileName } from '@shared/contracts/receipts';
import { answer, api } from './api-client';
import type { ticketQueryRoots } from './ticket-query-keys';

type TicketRoot = (typeof ticketQueryRoots)[keyof typeof ticketQueryRoots];

/**
 * A ticket's receipts (the customer's and the admins' screens), keyed under the screen's ticket root
 * so a payment's live event refreshes them with the ticket.
 */
export const ticketReceiptsQuery = (root: TicketRoot, ticketId: string) =>
  queryOptions({
    queryKey: [...root, 'receipts', ticketId],
    queryFn: () =>
      answer(api.GET('/api/tickets/{id}/receipts', { params: { path: { id: ticketId } } })).then((r) => r.receipts),
    meta: { ticketId },
  });

/** Saves the receipt's PDF: fetched with the session's token (a link could not send it), then handed to the browser. */
export async function downloadReceipt(receipt: Receipt): Promise<void> {
  const pdf = await answer(
    api.GET('/api/receipts/{id}', {
      params: { path: { id: receipt.id } },
      headers: { accept: 'application/pdf' },
      parseAs: 'blob',
    }),
  );
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(receipt.number);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has had time to start saving it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
