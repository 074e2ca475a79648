import { CheckCircle2 } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LazyPart } from '@/components/ui/lazy-part';

// The form and its checks (zod) load when the engineer opens it.
const CompleteTicketForm = lazy(() => import('./complete-ticket-form'));

/**
 * Complete Ticket → remarks → Submit & Complete / Cancel (SPEC.md §2, §8). `feePaid`: whether the
 * ₹299 in-progress fee is paid, as the staff answer says (the form warns when it is not).
 */
export function CompleteTicket({ ticketId, feePaid }: { ticketId: string; feePaid?: boolean | undefined }) {
  const [open, setOpen] = useState(false);
  // After Cancel the button comes back with the focus, where the keyboard user left off.
  const [cancelled, setCancelled] = useState(false);

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} className="self-start" autoFocus={cancelled}>
        <CheckCircle2 aria-hidden="true" />
        Complete Ticket
      </Button>
    );
  }
  return (
    <LazyPart label="Loading the form" inline>
      <CompleteTicketForm
        ticketId={ticketId}
        feePaid={feePaid}
        onCancel={() => {
          setOpen(false);
          setCancelled(true);
        }}
      />
    </LazyPart>
  );
}
