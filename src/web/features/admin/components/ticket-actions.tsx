import { lazy, useState } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { statusLabel, statusTitle, TICKET_STATUSES, type TicketStatus } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { LazyPart } from '@/components/ui/lazy-part';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeStatus } from '../api/admin-queries';
import { useOnePressAtATime } from '../lib/use-one-press-at-a-time';
import { AssignControl } from './assign-control';

// The dialog (Radix) loads when it is first opened.
const ChangeEngineerDialog = lazy(() => import('./change-engineer-dialog'));

/** Status select + Update: only while not completed, and only when the choice differs. */
function StatusControl({ ticket }: { ticket: Ticket }) {
  // The admin's pick holds only while the server's status is the one it was made on: a new status
  // resets it in place (not by remounting, so the focus stays on Update).
  const [pick, setPick] = useState<{ on: TicketStatus; status: TicketStatus } | null>(null);
  const status = pick?.on === ticket.status ? pick.status : ticket.status;
  const mutation = useChangeStatus();
  const changeStatus = useOnePressAtATime(mutation);
  const update = () =>
    changeStatus(
      { id: ticket.id, status },
      {
        // Written as the badge shows it ("In Progress").
        onSuccess: () => toast.success(`Status updated to ${statusTitle(status)}`),
        onError: (err) => toastError(err, 'Failed to update status'),
      },
    );
  return (
    <div className="flex items-center gap-2">
      <NativeSelect
        aria-label={`Status of ticket ${ticket.service} (${ticket.number})`}
        value={status}
        onChange={(e) => setPick({ on: ticket.status, status: e.target.value as TicketStatus })}
        className="h-9 w-36 capitalize"
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </NativeSelect>
      <Button size="sm" onClick={update} disabled={status === ticket.status || mutation.isPending}>
        {mutation.isPending && <Spinner label="Updating status" />}
        Update
      </Button>
    </div>
  );
}

/** Change engineer: opens the dialog where the admin reassigns or unassigns (change-engineer-dialog.tsx). */
function ChangeEngineerControl({ ticket, engineer }: { ticket: Ticket; engineer: { name: string } }) {
  // null until the dialog is first opened; then it stays, closed or open.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <Button size="sm" variant="outline" className="self-start" onClick={() => setOpen(true)}>
        Change engineer
      </Button>
      {open !== null && (
        <LazyPart label="Loading the dialog" inline>
          <ChangeEngineerDialog ticket={ticket} engineer={engineer} open={open} onOpenChange={setOpen} />
        </LazyPart>
      )}
    </>
  );
}

export function TicketActions({ ticket }: { ticket: Ticket }) {
  if (ticket.status === 'completed') return <span className="text-xs text-muted-foreground">No actions</span>;
  return (
    <div className="flex flex-col gap-2">
      <StatusControl ticket={ticket} />
      {ticket.engineer ? (
        <ChangeEngineerControl ticket={ticket} engineer={ticket.engineer} />
      ) : (
        <AssignControl ticket={ticket} />
      )}
    </div>
  );
}
