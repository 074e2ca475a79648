import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { Ticket } from '@shared/contracts/tickets';
import { statusLabel, TICKET_STATUSES, type TicketStatus } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAssignEngineer, useChangeStatus, useEngineers } from '../api/admin-queries';

/** Status select + Update: only while not completed, and only when the choice differs. */
function StatusControl({ ticket }: { ticket: Ticket }) {
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const mutation = useChangeStatus();
  const update = () =>
    mutation.mutate(
      { id: ticket.id, status },
      {
        onSuccess: () => toast.success(`Status updated to ${statusLabel(status)}`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to update status')),
      },
    );
  return (
    <div className="flex items-center gap-2">
      <NativeSelect
        aria-label={`Status of ticket ${ticket.service}`}
        value={status}
        onChange={(e) => setStatus(e.target.value as TicketStatus)}
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

/** Engineer select + Assign: only for a ticket with no engineer; gone once assigned. */
function AssignControl({ ticket }: { ticket: Ticket }) {
  const [engineerId, setEngineerId] = useState('');
  const engineers = useEngineers();
  const mutation = useAssignEngineer();
  const assign = () =>
    mutation.mutate(
      { id: ticket.id, engineerId },
      {
        onSuccess: ({ ticket: t }) => toast.success(`Assigned to ${t.engineer?.name ?? 'engineer'}`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to assign engineer')),
      },
    );
  return (
    <div className="flex items-center gap-2">
      <NativeSelect
        aria-label={`Engineer for ticket ${ticket.service}`}
        value={engineerId}
        onChange={(e) => setEngineerId(e.target.value)}
        className="h-9 w-40"
        disabled={engineers.isPending}
      >
        <option value="">{engineers.data?.length === 0 ? 'No engineers yet' : 'Pick engineer'}</option>
        {engineers.data?.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label}
          </option>
        ))}
      </NativeSelect>
      <Button size="sm" variant="secondary" onClick={assign} disabled={!engineerId || mutation.isPending}>
        {mutation.isPending && <Spinner label="Assigning" />}
        Assign
      </Button>
    </div>
  );
}

export function TicketActions({ ticket }: { ticket: Ticket }) {
  if (ticket.status === 'completed') return <span className="text-xs text-muted-foreground">No actions</span>;
  return (
    <div className="flex flex-col gap-2">
      <StatusControl key={ticket.status} ticket={ticket} />
      {!ticket.engineer && <AssignControl ticket={ticket} />}
    </div>
  );
}
