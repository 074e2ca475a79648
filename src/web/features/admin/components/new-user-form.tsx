import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { createUserBodySchema } from '@shared/contracts/admin';
import { isPasswordRefusal } from '@shared/password-refusals';
import { CREATABLE_ROLES, type CreatableRole } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage, toastError } from '@/lib/api-client';
import { useCreateUser } from '../api/users-queries';
import { useFocusFirstField } from '@/lib/focus';
import { PASSWORD_HINT } from '@shared/contracts/auth';

type Values = z.input<typeof createUserBodySchema>;
const EMPTY: Values = { name: '', email: '', phone: '', password: '', role: 'user' };

const ROLE_LABELS: Record<CreatableRole, string> = { user: 'User', admin: 'Admin', engineer: 'Engineer' };

/** "+ New User": name, email, phone, password and a role (user, admin or engineer — never superadmin). */
export function NewUserForm({ onDone }: { onDone(): void }) {
  const mutation = useCreateUser();
  const form = useForm<Values, unknown, z.output<typeof createUserBodySchema>>({
    resolver: zodResolver(createUserBodySchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const firstField = useFocusFirstField<HTMLFormElement>();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success('User created successfully!');
      form.reset(EMPTY);
      onDone();
    } catch (err) {
      // Too easy to guess (only the server can tell): said under the field, like the form's own rules.
      const message = errorMessage(err, '');
      if (isPasswordRefusal(message)) form.setError('password', { message }, { shouldFocus: true });
      // So is an email that belongs to another account.
      else if (err instanceof ApiError && err.status === 409)
        form.setError('email', { message }, { shouldFocus: true });
      else toastError(err, 'Failed to create user');
    }
  });

  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">New User</h3>
      <p className="mt-1 text-sm text-muted-foreground">Create a customer, engineer or admin account.</p>
      <form
        ref={firstField}
        onSubmit={onSubmit}
        noValidate
        className="mt-5 grid gap-4 sm:grid-cols-2"
        aria-label="New User"
      >
        <FormField label="Name" error={errors.name?.message} required>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message} required>
          <Input type="tel" autoComplete="off" {...form.register('phone')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={PASSWORD_HINT} required>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Role" error={errors.role?.message} required>
          <NativeSelect {...form.register('role')}>
            {CREATABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending && <Spinner label="Creating user" />}
            Create User
          </Button>
        </div>
      </form>
    </Card>
  );
}
