import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { type CatalogueEntry, serviceBodySchema } from '@shared/contracts/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { useSaveService } from '../api/admin-queries';

/** The service being edited: a main service (parentId null) or a sub-service. */
export interface EditableService {
  id: string;
  name: string;
  parentId: string | null;
}

/** parentId is unknown on the way in (the schema preprocesses it); the select always gives a string. */
type Values = z.input<typeof serviceBodySchema>;

/**
 * Add a service, or edit the one chosen with Edit. Remount it (key) when the target changes.
 * An empty Parent Category means a main category: the shared schema turns "" into null.
 */
export function ServiceForm({
  editing,
  mains,
  onDone,
}: {
  editing: EditableService | null;
  mains: CatalogueEntry[];
  onDone(): void;
}) {
  const save = useSaveService();
  const empty: Values = { name: editing?.name ?? '', parentId: editing?.parentId ?? '' };
  const form = useForm<Values, unknown, z.output<typeof serviceBodySchema>>({
    resolver: zodResolver(serviceBodySchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  // Edit was pressed on a card further down: bring the form into view, ready to type.
  const { setFocus } = form;
  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body });
      toast.success('Service saved');
      form.reset({ name: '', parentId: '' });
      onDone();
    } catch (err) {
      toastError(err, 'Failed to save service');
    }
  });
  const title = editing ? `Edit ${editing.name}` : 'Add a service';

  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold wrap-anywhere">{title}</h3>
      <p className="mt-1 text-sm text-muted-foreground">Leave the parent category empty to make a main category.</p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-5 grid gap-4 sm:grid-cols-2"
        aria-label={editing ? 'Edit service' : 'Add service'}
      >
        <FormField label="Name" error={errors.name?.message} required>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label="Parent Category" error={errors.parentId?.message}>
          <NativeSelect {...form.register('parentId')}>
            <option value="">None (main category)</option>
            {mains
              .filter((m) => m.id !== editing?.id)
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
          </NativeSelect>
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          {editing && (
            <Button variant="outline" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner label="Saving service" />}
            {editing ? 'Save' : 'Add'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
