import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { toastError } from '@/lib/api-client';
import { useCatalogue, useDeleteService } from '../api/admin-queries';
import { type EditableService, ServiceForm } from './service-form';

function ServiceActions({
  service,
  deleting,
  onEdit,
  onDelete,
}: {
  service: EditableService;
  deleting: boolean;
  onEdit(s: EditableService): void;
  onDelete(s: EditableService): void;
}) {
  return (
    <div className="ml-auto flex shrink-0 gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit ${service.name}`} onClick={() => onEdit(service)}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-red-50"
        aria-label={`Delete ${service.name}`}
        disabled={deleting}
        onClick={() => onDelete(service)}
      >
        {deleting ? <Spinner label={`Deleting ${service.name}`} /> : <Trash2 aria-hidden="true" />}
        Delete
      </Button>
    </div>
  );
}

/** Services: add or edit a service, and the catalogue of main services with their sub-services. */
export function ServicesTab() {
  const catalogue = useCatalogue();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<EditableService | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // The service whose Delete was pressed, asked about in the app's dialog (not the browser's confirm).
  const [confirming, setConfirming] = useState<EditableService | null>(null);
  const mains = catalogue.data ?? [];
  // The Edit button an edit began from: Save or Cancel gives the focus back to it, not to the empty
  // Add form that replaces the edit form, so a keyboard user keeps their place in the list.
  const opener = useRef<HTMLElement | null>(null);
  const startEditing = (service: EditableService) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(service);
  };
  const doneEditing = () => {
    const back = opener.current;
    opener.current = null;
    setEditing(null);
    requestAnimationFrame(() => {
      if (back?.isConnected) back.focus();
    });
  };

  const onDelete = async (service: EditableService) => {
    setConfirming(null);
    setDeletingId(service.id);
    try {
      await remove.mutateAsync(service.id);
      toast.success('Service deleted');
      // The form must not keep editing something that no longer exists (or whose parent is gone).
      if (editing && (editing.id === service.id || editing.parentId === service.id)) setEditing(null);
    } catch (err) {
      toastError(err, 'Failed to delete service');
    } finally {
      setDeletingId(null);
    }
  };
  const actions = (service: EditableService) => (
    <ServiceActions
      service={service}
      deleting={deletingId === service.id}
      onEdit={startEditing}
      onDelete={setConfirming}
    />
  );

  // Only a main service has sub-services to take with it.
  const subCount =
    confirming?.parentId === null ? (mains.find((m) => m.id === confirming.id)?.subServices.length ?? 0) : 0;

  return (
    <div className="flex flex-col gap-6">
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming && (
          <DialogContent
            title={`Delete ${confirming.name}?`}
            description={
              subCount > 0
                ? `This will also delete its ${subCount === 1 ? 'sub-service' : `${subCount} sub-services`}.`
                : 'This cannot be undone.'
            }
          >
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" onClick={() => void onDelete(confirming)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
      <ServiceForm key={editing?.id ?? 'new'} editing={editing} mains={mains} onDone={doneEditing} />
      {catalogue.isPending ? (
        <LoadingState label="Loading services" />
      ) : catalogue.isError ? (
        <ErrorState message="We could not load the services." onRetry={() => void catalogue.refetch()} />
      ) : mains.length === 0 ? (
        <EmptyState title="No services yet">Add a main category above, then its sub-services.</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Services">
          {mains.map((main) => (
            <li key={main.id}>
              <Card className="h-full p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 pt-1.5 font-semibold wrap-anywhere text-slate-900">{main.name}</h3>
                  {actions({ id: main.id, name: main.name, parentId: null })}
                </div>
                {main.subServices.length === 0 ? (
                  <p className="mt-3 text-sm text-muted-foreground">
                    No sub-services yet: customers cannot book this category until it has one.
                  </p>
                ) : (
                  <ul className="mt-3 divide-y rounded-lg border" aria-label={`Sub-services of ${main.name}`}>
                    {main.subServices.map((sub) => (
                      <li
                        key={sub.id}
                        className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 py-1.5 pr-1 pl-3"
                      >
                        <span className="min-w-0 text-sm wrap-anywhere text-slate-800">{sub.name}</span>
                        {actions({ id: sub.id, name: sub.name, parentId: sub.parentId })}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
