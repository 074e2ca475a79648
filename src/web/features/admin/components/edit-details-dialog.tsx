import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileBodySchema } from '@shared/contracts/auth';
import type { AdminUser } from '@shared/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeDetails } from '../api/users-queries';

type Values = z.input<typeof profileBodySchema>;

/**
 * "Edit details": an admin corrects an account's name, email and phone (a customer's mistyped email,
 * an engineer's new number: staff have no profile page). The sessions go on; a superadmin's email is
 * ADMIN_EMAIL's, so it is shown but not offered for change.
 */
export function EditDetails({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Edit details of ${user.name}`}>
        Edit details
      </Button>
      <DialogContent
        title={`Edit the details of ${user.name}`}
        description="They stay signed in. A new email is the one they sign in with from now on, and is sent a note saying so; reset links sent to the old one stop working."
      >
        {/* Mounted per opening: each starts from the account as the list shows it now. */}
        {open && <DetailsForm user={user} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailsForm({ user, onDone }: { user: AdminUser; onDone(): void }) {
  const mutation = useChangeDetails();
  const form = useForm<Values, unknown, z.output<typeof profileBodySchema>>({
    resolver: zodResolver(profileBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone },
  });
  const { errors, isDirty } = form.formState;
  const ownedByConfig = user.role === 'superadmin';
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user: saved } = await mutation.mutateAsync({ id: user.id, ...values });
      toast.success(`Details of ${saved.name} saved`);
      onDone();
    } catch (err) {
      // An email another account holds: said under the field, like the form's own rules.
      if (err instanceof ApiError && err.status === 409) {
        form.setError('email', { message: err.message }, { shouldFocus: true });
      } else toastError(err, 'Failed to save the details');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={`Details of ${user.name}`}>
      <FormField label="Name" error={errors.name?.message} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField
        label="Email"
        error={errors.email?.message}
        hint={ownedByConfig ? 'A superadmin’s email is set by ADMIN_EMAIL' : undefined}
        required
      >
        <Input type="email" autoComplete="off" readOnly={ownedByConfig} {...form.register('email')} />
      </FormField>
      <FormField label="Phone" error={errors.phone?.message} required>
        <Input type="tel" autoComplete="off" {...form.register('phone')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={mutation.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending || !isDirty}>
          {mutation.isPending && <Spinner label="Saving" />}
          Save
        </Button>
      </div>
    </form>
  );
}
