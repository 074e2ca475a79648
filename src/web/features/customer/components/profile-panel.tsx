import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Pencil, Phone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { profileBodySchema, type User } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, NetworkError, toastError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/customer-queries';
import { useFocusFirstField } from '@/lib/focus';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { NotificationSettings } from '@/features/auth/components/notification-settings';
import { EmailText } from '@/components/ui/email-text';

const NO_CONNECTION = 'No connection: your changes are not saved yet. Check the connection and Save again.';

type Values = z.input<typeof profileBodySchema>;

function ProfileForm({ user, onDone }: { user: User; onDone(): void }) {
  const mutation = useUpdateProfile();
  const form = useForm<Values, unknown, z.output<typeof profileBodySchema>>({
    resolver: zodResolver(profileBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone },
  });
  const { errors } = form.formState;
  const firstField = useFocusFirstField<HTMLFormElement>();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success('Profile updated successfully!');
      onDone();
    } catch (err) {
      // The email belongs to another account: said under the field, like the form's own rules.
      if (err instanceof ApiError && err.status === 409) {
        form.setError('email', { message: err.message }, { shouldFocus: true });
      } else if (err instanceof NetworkError) toast.error(NO_CONNECTION);
      else toastError(err, 'Failed to update profile');
    }
  });
  return (
    <form ref={firstField} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit profile">
      <FormField label="Name" error={errors.name?.message} required>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Phone" error={errors.phone?.message} required>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <div className="flex gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner label="Saving" />}
          Save
        </Button>
        <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Profile tab: the details, the email notifications, the password. */
export default function ProfilePanel({ user }: { user: User }) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileDetails user={user} />
      <NotificationSettings />
      <ChangePasswordCard />
    </div>
  );
}

/** Name, email and phone, with Edit Profile → Save / Cancel. */
function ProfileDetails({ user }: { user: User }) {
  // null until the form has been opened; false once it has closed again (Edit Profile takes the focus back).
  const [editing, setEditing] = useState<boolean | null>(null);
  return (
    <Card className="max-w-xl p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Your profile</h2>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} autoFocus={editing === false}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        )}
      </div>
      <div className="mt-5">
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-4 text-sm">
            {[
              { Icon: UserRound, label: 'Name', value: user.name },
              { Icon: Mail, label: 'Email', value: <EmailText email={user.email} /> },
              { Icon: Phone, label: 'Phone', value: user.phone || '—' },
            ].map(({ Icon, label, value }) => (
              // A <div> in a <dl> may hold only its <dt> and <dd>: the icon sits in the term.
              <div key={label} className="relative pl-7">
                <dt className="text-muted-foreground">
                  <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-primary" />
                  {label}
                </dt>
                <dd className="font-medium wrap-anywhere text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Card>
  );
}
