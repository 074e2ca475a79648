import { TicketReceipts } from '@/components/tickets/ticket-receipts';
import { Card } from '@/components/ui/card';
import { ticketQueryRoots } from '@/lib/ticket-query-keys';

/**
 * The ticket's receipts on the customer's own ticket page, as under their dashboard's card: the
 * booking email's "View your ticket" and the fee email land here. Under the page's own query root, so
 * the live events bring the fee's receipt once it is paid.
 */
export function TicketPageReceipts({ ticketId }: { ticketId: string }) {
  return (
    <Card role="region" aria-labelledby="ticket-receipts-heading" className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 id="ticket-receipts-heading" className="text-base font-semibold">
        Receipts
      </h2>
      <TicketReceipts ticketId={ticketId} root={ticketQueryRoots.conversation} />
    </Card>
  );
}
