import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { Ticket } from '@shared/contracts/tickets';
import { statusLabel, statusTitle, TICKET_STATUSES, type TicketStatus } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAssignEngineer, useChangeStatus, useEngineers, useUnassignEngineer } from '../api/admin-queries';

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
 * Engineer select + Assign for a ticket with no engineer; inside the Change engineer dialog, the same
 * select + Reassign for one that has another (the current engineer left out of the list). When the
 * server leaves engineers out of the list (more than it lists), a search box narrows it by name or email.
 */
function AssignControl({ ticket, onDone }: { ticket: Ticket; onDone?: () => void }) {
  const [engineerId, setEngineerId] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const engineers = useEngineers(q);
  const mutation = useAssignEngineer();
  const list = engineers.data?.engineers;
  const searchable = search !== '' || engineers.data?.more === true;
  const hintId = `engineer-hint-${ticket.id}`;
  const assignEngineer = useOnePressAtATime(mutation);
  const current = ticket.engineer;
  const assign = () => {
    assignEngineer(
      { id: ticket.id, engineerId },
      {
        onSuccess: ({ ticket: t }) => {
          setEngineerId('');
          onDone?.();
          toast.success(`${current ? 'Reassigned' : 'Assigned'} to ${t.engineer?.name ?? 'engineer'}`);
        },
        onError: (err) => toastError(err, `Failed to ${current ? 'reassign' : 'assign'} engineer`),
      },
    );
  };
  const options = list?.filter((e) => e.id !== current?.id);
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
            aria-label={`${current ? 'New engineer' : 'Engineer'} for ticket ${ticket.service}`}
            value={engineerId}
            onChange={(e) => setEngineerId(e.target.value)}
            className="h-9 w-40"
            disabled={engineers.isPending}
            aria-busy={engineers.isFetching}
          >
            <option value="">{list?.length === 0 ? 'No engineer matches' : 'Pick engineer'}</option>
            {options?.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </NativeSelect>
          <Button size="sm" variant="secondary" onClick={assign} disabled={!engineerId || mutation.isPending}>
            {mutation.isPending && <Spinner label={current ? 'Reassigning' : 'Assigning'} />}
            {current ? 'Reassign' : 'Assign'}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Change engineer: the app's dialog, where the admin reassigns the ticket to another engineer or
 * unassigns the one it has (issue 29); the dialog itself is the confirmation. The ticket keeps its
 * status either way.
 */
function ChangeEngineerControl({ ticket, engineer }: { ticket: Ticket; engineer: { name: string } }) {
  const [open, setOpen] = useState(false);
  const mutation = useUnassignEngineer();
  const unassignEngineer = useOnePressAtATime(mutation);
  const unassign = () =>
    unassignEngineer(
      { id: ticket.id },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(`${engineer.name} unassigned`);
        },
        onError: (err) => toastError(err, 'Failed to unassign engineer'),
      },
    );
  return (
    <>
      <Button size="sm" variant="outline" className="self-start" onClick={() => setOpen(true)}>
        Change engineer
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Change the engineer of ticket ${ticket.service}`}
          description={`Now ${engineer.name}. Reassign it to another engineer, or unassign ${engineer.name}: they no longer see it, and it keeps its status.`}
        >
          <div className="flex flex-col gap-4">
            <AssignControl ticket={ticket} onDone={() => setOpen(false)} />
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" onClick={unassign} disabled={mutation.isPending}>
                {mutation.isPending && <Spinner label="Unassigning" />}
                Unassign {engineer.name}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
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
