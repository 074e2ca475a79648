import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordBodySchema, RESET_LINK_MINUTES } from '@shared/contracts/passwords';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, NetworkError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/password-calls';
import { EmailText } from '@/components/ui/email-text';

type Values = z.input<typeof forgotPasswordBodySchema>;

/**
 * "Forgot password?": the address, then a word that a link is on its way if the account exists (the
 * server answers alike for every address, so this says no more than it knows).
 */
export function ForgotPasswordForm({ carry, onBack }: { carry: RefObject<string>; onBack(): void }) {
  const mutation = useForgotPassword();
  const form = useForm<Values, unknown, z.output<typeof forgotPasswordBodySchema>>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: carry.current },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).catch((err: unknown) => {
      toast.error(err instanceof NetworkError ? 'Network error' : errorMessage(err, 'Something went wrong'));
    }),
  );
  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            If an account exists for{' '}
            <strong>
              <EmailText email={mutation.variables.email} />
            </strong>
            , we have emailed it a link to choose a new password. The link works once, for {RESET_LINK_MINUTES} minutes.
          </p>
        </div>
        <Button type="button" variant="outline" onClick={onBack} autoFocus>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset your password">
      <FormField label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner label="Sending" />}
        Email me a reset link
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
