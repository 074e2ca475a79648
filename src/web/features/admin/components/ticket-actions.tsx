import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { Ticket } from '@shared/contracts/tickets';
import { statusLabel, statusTitle, TICKET_STATUSES, type TicketStatus } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAssignEngineer, useChangeStatus, useEngineers } from '../api/admin-queries';

/**
 * The mutation's `mutate`, ignoring a press while the last one is under way: a double click's second
 * press comes before the button shows it is busy (one change, and one toast, only).
 */
function useOnePressAtATime<V, R>(mutation: UseMutationResult<R, Error, V>) {
  const busy = useRef(false);
  return (variables: V, callbacks: { onSuccess(result: R): void; onError(err: Error): void }) => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(variables, {
      ...callbacks,
      onSettled: () => {
        busy.current = false;
      },
    });
  };
}

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
        aria-label={`Status of ticket ${ticket.service}`}
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

/**
 * Engineer select + Assign: only for a ticket with no engineer; gone once assigned. When the server
 * leaves engineers out of the list (more than it lists), a search box narrows it by name or email.
 */
function AssignControl({ ticket }: { ticket: Ticket }) {
  const [engineerId, setEngineerId] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const engineers = useEngineers(q);
  const mutation = useAssignEngineer();
  const list = engineers.data?.engineers;
  const searchable = search !== '' || engineers.data?.more === true;
  const hintId = `engineer-hint-${ticket.id}`;
  const assignEngineer = useOnePressAtATime(mutation);
  const assign = () =>
    assignEngineer(
      { id: ticket.id, engineerId },
      {
        onSuccess: ({ ticket: t }) => toast.success(`Assigned to ${t.engineer?.name ?? 'engineer'}`),
        onError: (err) => toastError(err, 'Failed to assign engineer'),
      },
    );
  return (
    <div className="flex flex-col gap-2">
      {searchable && (
        <div className="w-40">
          <Input
            type="search"
            aria-label={`Find an engineer for ticket ${ticket.service}`}
            aria-describedby={engineers.data?.more ? hintId : undefined}
            placeholder="Name or email"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setEngineerId(''); // the choice may not be in the new list
            }}
            className="h-9"
          />
          {engineers.data?.more && (
            <p id={hintId} className="mt-1 text-xs text-muted-foreground">
              Showing the first {list?.length}; type more to narrow.
            </p>
          )}
          {/* What the search found, said to a screen reader as the list changes. */}
          <p className="sr-only" role="status">
            {q && list && !engineers.isFetching
              ? list.length === 0
                ? 'No engineer matches'
                : `${list.length} engineer${list.length === 1 ? '' : 's'} found`
              : ''}
          </p>
        </div>
      )}
      {list?.length === 0 && !q ? (
        // Nothing to pick from: say where engineers come from instead of an empty select.
        <p className="max-w-48 text-xs text-muted-foreground">
          No engineers yet. Create one in All Users (+ New User, role engineer).
        </p>
      ) : (
        <div className="flex items-center gap-2">
          <NativeSelect
            aria-label={`Engineer for ticket ${ticket.service}`}
            value={engineerId}
            onChange={(e) => setEngineerId(e.target.value)}
            className="h-9 w-40"
            disabled={engineers.isPending}
            aria-busy={engineers.isFetching}
          >
            <option value="">{list?.length === 0 ? 'No engineer matches' : 'Pick engineer'}</option>
            {list?.map((e) => (
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
      )}
    </div>
  );
}

export function TicketActions({ ticket }: { ticket: Ticket }) {
  if (ticket.status === 'completed') return <span className="text-xs text-muted-foreground">No actions</span>;
  return (
    <div className="flex flex-col gap-2">
      <StatusControl ticket={ticket} />
      {!ticket.engineer && <AssignControl ticket={ticket} />}
    </div>
  );
}
