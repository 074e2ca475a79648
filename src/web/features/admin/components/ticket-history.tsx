import type { TicketEvent } from '@shared/contracts/admin';
import type { PaymentKind } from '@shared/payments';
import { formatRupees } from '@shared/product';
import { statusTitle, type TicketEventDetails, type TicketEventKind } from '@shared/tickets';
import { TicketReceipts } from '@/components/tickets/ticket-receipts';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadMore } from '@/components/ui/load-more';
import { ErrorState, LoadingState } from '@/components/ui/state';
import { Timeline, TimelineEntry } from '@/components/ui/timeline';
import { formatDateTime } from '@/lib/format';
import { ticketQueryRoots } from '@/lib/ticket-query-keys';
import { useTicketHistory } from '../api/admin-queries';
import { ROLE_TITLES } from '@shared/roles';

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
  unassigned: 'Engineer unassigned',
  rated: 'Rating',
  remote_access_set: 'Remote session given by the customer',
  payment_refunded: 'Refund processed',
};

/** The event's detail as the server writes it for its kind (TicketEventDetails, shared). */
const detailOf = <K extends TicketEventKind>(e: TicketEvent, _kind: K) => e.detail as unknown as TicketEventDetails[K];

const feeName = (kind: PaymentKind) => (kind === 'inprogress' ? 'In-progress fee' : 'Booking fee');

function describe(e: TicketEvent): string {
  switch (e.kind) {
    case 'status_changed': {
      const d = detailOf(e, e.kind);
      return `${statusTitle(d.from)} → ${statusTitle(d.to)}`;
    }
    case 'assigned': {
      const d = detailOf(e, e.kind);
      return d.from ? `${d.from.engineerName} → ${d.engineerName}` : d.engineerName;
    }
    case 'unassigned':
      return detailOf(e, e.kind).engineerName;
    case 'payment_created':
    case 'payment_captured':
    case 'payment_verified': {
      const d = detailOf(e, e.kind);
      return `${feeName(d.kind)} ${formatRupees(d.amount)}`;
    }
    case 'payment_duplicate': {
      const d = detailOf(e, e.kind);
      return `${formatRupees(d.amount)} · payment ${d.paymentId} (the order was paid by ${d.paidWith})`;
    }
    case 'payment_mismatch': {
      const d = detailOf(e, e.kind);
      return `${formatRupees(d.amount)} ${d.currency} · payment ${d.paymentId}`;
    }
    case 'payment_refunded': {
      const d = detailOf(e, e.kind);
      const of = d.ofPayment ? `the ${feeName(d.kind).toLowerCase()}'s payment` : 'another payment';
      return `${formatRupees(d.amount)} of ${of} ${d.paymentId} · refund ${d.refundId}`;
    }
    case 'completed':
      return detailOf(e, e.kind).remarks;
    case 'remote_access_set':
      return detailOf(e, e.kind).replaced ? 'A new tool or id in place of the earlier one' : '';
    case 'rated': {
      const d = detailOf(e, e.kind);
      return `Rated ${d.score} of 5 by the customer${d.comment ? `: “${d.comment}”` : ''}`;
    }
    default:
      return '';
  }
}

/** A ticket's receipts and audit trail, fetched when the dialog opens (ticket-history-button.tsx). */
export default function TicketHistoryDialog({
  ticketId,
  service,
  number,
  open,
  onOpenChange,
}: {
  ticketId: string;
  service: string;
  number: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const history = useTicketHistory(ticketId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Ticket history" description={`${number} · ${service}`} className="max-w-lg">
        <section aria-labelledby={`receipts-${ticketId}`} className="mb-5 flex flex-col gap-2">
          <h3 id={`receipts-${ticketId}`} className="text-sm font-semibold">
            Receipts
          </h3>
          <TicketReceipts ticketId={ticketId} root={ticketQueryRoots.adminHistory} enabled={open} />
        </section>
        {history.isPending && <LoadingState label="Loading history" />}
        {history.isError && <ErrorState message="Could not load the history." onRetry={() => void history.refetch()} />}
        {history.data && (
          <>
            <Timeline label="Events">
              {history.data.pages
                .flatMap((p) => p.events)
                .map((e) => (
                  <TimelineEntry
                    key={e.id}
                    title={LABELS[e.kind]}
                    detail={describe(e)}
                    meta={`${formatDateTime(e.createdAt)} · ${e.actor ? `${e.actor.name} (${ROLE_TITLES[e.actor.role]})` : 'System'}`}
                  />
                ))}
            </Timeline>
            <LoadMore pages={history} label="history" />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
