import { History } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LazyPart } from '@/components/ui/lazy-part';

// The dialog (Radix, the receipts, the audit trail) loads when it is first opened.
const TicketHistoryDialog = lazy(() => import('./ticket-history'));

/** History: the ticket's receipts and audit trail, in a dialog (ticket-history.tsx). */
export function TicketHistoryButton({
  ticketId,
  service,
  number,
}: {
  ticketId: string;
  service: string;
  number: string;
}) {
  // null until the dialog is first opened; then it stays, closed or open.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`History of ticket ${service}`}>
        <History aria-hidden="true" />
        History
      </Button>
      {open !== null && (
        <LazyPart label="Loading the history" inline>
          <TicketHistoryDialog
            ticketId={ticketId}
            service={service}
            number={number}
            open={open}
            onOpenChange={setOpen}
          />
        </LazyPart>
      )}
    </>
  );
}
