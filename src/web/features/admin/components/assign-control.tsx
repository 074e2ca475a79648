import { useState } from 'react';
import type { Ticket } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAssignEngineer, useEngineers } from '../api/admin-queries';
import { useOnePressAtATime } from '../lib/use-one-press-at-a-time';

/**
 * Engineer select + Assign for a ticket with no engineer; inside the Change engineer dialog, the same
 * select + Reassign for one that has another (the current engineer left out of the list). When the
 * server leaves engineers out of the list (more than it lists), a search box narrows it by name or email.
 */
export function AssignControl({ ticket, onDone }: { ticket: Ticket; onDone?: () => void }) {
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
      { id: ticket.id, engineerId, replaces: current?.id },
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
            aria-label={`Find an engineer for ticket ${ticket.service} (${ticket.number})`}
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
      {options?.length === 0 && !q ? (
        // Nothing to pick from (no engineer, or only the one it has): say where engineers come from.
        <p className="max-w-48 text-xs text-muted-foreground">
          {current ? 'No other engineer to hand it to.' : 'No engineers yet.'} Create one in All Users (+ New User, role
          engineer).
        </p>
      ) : (
        <div className="flex items-center gap-2">
          <NativeSelect
            aria-label={`${current ? 'New engineer' : 'Engineer'} for ticket ${ticket.service} (${ticket.number})`}
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
