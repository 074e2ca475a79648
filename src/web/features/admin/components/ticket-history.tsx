import { History } from 'lucide-react';
import { useState } from 'react';
import type { TicketEvent } from '@shared/contracts/admin';
import { formatRupees } from '@shared/product';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/state';
import { formatDateTime } from '@/lib/format';
import { useTicketHistory } from '../api/admin-queries';

const LABELS: Record<TicketEvent['kind'], string> = {
  created: 'Ticket created',
  status_changed: 'Status changed',
  assigned: 'Engineer assigned',
  payment_created: 'Payment order opened',
  payment_captured: 'Payment captured',
  payment_verified: 'Payment verified',
  payment_failed: 'Payment failed',
  completed: 'Completed',
  payment_duplicate: 'Second payment received: refund due',
  payment_mismatch: 'Payment for a wrong amount: refund due',
};

function describe(e: TicketEvent): string {
  const d = e.detail as Record<string, unknown>;
  switch (e.kind) {
    case 'status_changed':
      return `${String(d.from).replace('-', ' ')} → ${String(d.to).replace('-', ' ')}`;
    case 'assigned':
      return String(d.engineerName ?? '');
    case 'payment_created':
    case 'payment_captured':
    case 'payment_verified':
      return `${d.kind === 'inprogress' ? 'In-progress fee' : 'Booking fee'}${typeof d.amount === 'number' ? ` ${formatRupees(d.amount)}` : ''}`;
    case 'payment_duplicate':
      return `${typeof d.amount === 'number' ? formatRupees(d.amount) : ''} · payment ${String(d.paymentId)} (the order was paid by ${String(d.paidWith)})`;
    case 'payment_mismatch':
      return `${typeof d.amount === 'number' ? formatRupees(d.amount) : ''} ${String(d.currency ?? '')} · payment ${String(d.paymentId)}`;
    case 'completed':
      return String(d.remarks ?? '');
    default:
      return '';
  }
}

/** A ticket's audit trail, fetched when the dialog opens. */
export function TicketHistoryButton({ ticketId, service }: { ticketId: string; service: string }) {
  const [open, setOpen] = useState(false);
  const history = useTicketHistory(ticketId, open);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`History of ticket ${service}`}>
        <History aria-hidden="true" />
        History
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Ticket history" description={service} className="max-w-lg">
          {history.isPending && <LoadingState label="Loading history" />}
          {history.isError && (
            <ErrorState message="Could not load the history." onRetry={() => void history.refetch()} />
          )}
          {history.data && (
            <ol className="relative flex flex-col gap-4 border-l pl-5">
              {history.data.map((e) => (
                <li key={e.id} className="text-sm">
                  <span className="absolute -left-1.5 mt-1.5 size-3 rounded-full bg-primary" aria-hidden="true" />
                  <p className="font-semibold">{LABELS[e.kind]}</p>
                  {describe(e) && <p className="wrap-anywhere text-slate-700">{describe(e)}</p>}
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(e.createdAt)} · {e.actor ? `${e.actor.name} (${e.actor.role})` : 'System'}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
