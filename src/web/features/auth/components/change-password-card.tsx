import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordBodySchema } from '@shared/contracts/passwords';
import { isPasswordRefusal } from '@shared/password-refusals';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, NetworkError, SessionEndedError } from '@/lib/api-client';
import { useFocusFirstField } from '@/lib/focus';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/password-calls';
import { PASSWORD_HINT } from '@shared/contracts/auth';

const schema = changePasswordBodySchema
  .extend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The two passwords do not match' });
type Values = z.input<typeof schema>;

const PASSWORD_CHANGE_UNKNOWN =
  'We lost the connection before the server answered, so the password may have changed. If you are signed out, sign in with the new password; if that fails, with the old one.';

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const mutation = useChangePassword();
  const firstField = useFocusFirstField<HTMLFormElement>();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      toast.success('Password changed. You are signed out everywhere else.');
      onDone();
    } catch (err) {
      if (err instanceof SessionEndedError) return;
      // The answer was lost: the change may have been made, and with it this session ended.
      if (err instanceof NetworkError) {
        toast.warning(PASSWORD_CHANGE_UNKNOWN);
        return;
      }
      const message = errorMessage(err, 'Failed to change the password');
      // Said under the field it is about; anything else (a Google-only account, the network) in a toast.
      if (/current password/i.test(message)) form.setError('currentPassword', { message }, { shouldFocus: true });
      else if (isPasswordRefusal(message) || /^(the new )?password/i.test(message)) {
        form.setError('newPassword', { message }, { shouldFocus: true });
      } else toast.error(message);
    }
  });
  return (
    <form ref={firstField} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
      <FormField label="Current password" error={errors.currentPassword?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT} required>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="New password, again" error={errors.confirm?.message} required>
        <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
      </FormField>
      <div className="flex gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner label="Saving" />}
          Change password
        </Button>
        <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Change password (PATCH /api/password): this session goes on, every other one ends. An account
 * without a password (Google sign-in) sets one through "Forgot password?", which the server says.
 */
export function ChangePasswordCard() {
  // null until the form has been opened; false once it has closed again (the button takes the focus back).
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <Card className="max-w-xl p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          Password
        </h2>
        {!open && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} autoFocus={open === false}>
            Change password
          </Button>
        )}
      </div>
      {open ? (
        <div className="mt-5">
          <ChangePasswordForm onDone={() => setOpen(false)} />
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">Changing it signs you out on every other device.</p>
      )}
    </Card>
  );
}
