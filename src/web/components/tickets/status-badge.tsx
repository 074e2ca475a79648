import { statusLabel, type TicketStatus } from '@shared/tickets';
import { cn } from '@/lib/utils';

const STYLES: Record<TicketStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  'in-progress': 'bg-blue-100 text-blue-900 ring-blue-300',
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
};

/** A ticket's status, dashes shown as spaces (SPEC.md §4). */
export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 whitespace-nowrap py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        STYLES[status],
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
