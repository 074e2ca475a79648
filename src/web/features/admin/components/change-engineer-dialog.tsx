import type { Ticket } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUnassignEngineer } from '../api/admin-queries';
import { useOnePressAtATime } from '../lib/use-one-press-at-a-time';
import { AssignControl } from './assign-control';

/**
 * Change engineer: the app's dialog, where the admin reassigns the ticket to another engineer or
 * unassigns the one it has (issue 29); the dialog itself is the confirmation. The ticket keeps its
 * status either way.
 */
export default function ChangeEngineerDialog({
  ticket,
  engineer,
  open,
  onOpenChange: setOpen,
}: {
  ticket: Ticket;
  engineer: { name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title={`Change the engineer of ticket ${ticket.service} (${ticket.number})`}
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
  );
}
