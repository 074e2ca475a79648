import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_HINT, passwordField } from '@shared/contracts/auth';
import { isPasswordRefusal } from '@shared/password-refusals';
import { homePathFor } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailText } from '@/components/ui/email-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { ApiError, errorMessage, NetworkError } from '@/lib/api-client';
import { useAuthDialog } from '@/lib/auth-dialog';
import { CodeForm } from '../components/auth-forms';
import { useLinkToken } from '@/lib/use-link-token';
import { useAppNavigation } from '@/lib/navigation';
import { toast } from '@/lib/toast';
import { useResetLinkCheck, useResetPassword } from '../api/password-calls';

const schema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match' });
type Values = z.input<typeof schema>;

function AskAgain({ message }: { message: string }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className="flex flex-col gap-4" role="alert">
      <p className="text-sm text-slate-700">{message}</p>
      <Button className="self-start" onClick={() => openAuthDialog('forgot')}>
        Ask for a new link
      </Button>
    </div>
  );
}

/**
 * /reset-password?token=…: the page the reset email links to. A new password, then signed in. The
 * undo link of an email change opens it too: it says which address the account gets back.
 */
export default function ResetPasswordPage() {
  const token = useLinkToken(paths.resetPassword);
  const { navigate } = useAppNavigation();
  const { openAuthDialog } = useAuthDialog();
  const mutation = useResetPassword();
  const check = useResetLinkCheck(token, mutation.isIdle);
  const [refusedOnSubmit, setLinkRefused] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  // Refused when the page opened, or on submit. A check that could not be made (the network) leaves
  // the form: the submit itself says whether the link works.
  const linkRefused =
    refusedOnSubmit ??
    (check.error instanceof ApiError && check.error.status === 400 ? errorMessage(check.error, '') : null);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const restoresEmail = check.data?.restoresEmail;
  const onSubmit = form.handleSubmit(({ password }) =>
    mutation.mutateAsync({ token, password }).then(
      (answer) => {
        if ('twoFactorRequired' in answer) {
          // The new password was the first factor: the code is all that is left.
          toast.success('Your password is changed. Enter your authentication code to sign in.');
          setChallenge(answer.challenge);
        } else {
          toast.success(
            restoresEmail
              ? 'Your account is back: its email is this address again, and you are signed in.'
              : 'Your password is changed and you are signed in.',
          );
          navigate(homePathFor(answer.user.role));
        }
      },
      (err: unknown) => {
        const message = err instanceof NetworkError ? 'Network error' : errorMessage(err, 'Something went wrong');
        if (isPasswordRefusal(message) || (err instanceof ApiError && /^Password/.test(message))) {
          form.setError('password', { message }, { shouldFocus: true });
        } else if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
          setLinkRefused(message);
        } else {
          toast.error(message);
        }
      },
    ),
  );

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:px-6">
      <Card className="p-6">
        <div className="flex items-center gap-3">
          <KeyRound aria-hidden="true" className="size-6 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">
            {challenge ? 'Sign in with your code' : restoresEmail ? 'Take your account back' : 'Choose a new password'}
          </h1>
        </div>
        <div className="mt-5">
          {challenge ? (
            <CodeForm
              challenge={challenge}
              onDone={() => {}}
              onBack={() => {
                navigate(paths.home);
                openAuthDialog('login');
              }}
            />
          ) : !token ? (
            <AskAgain message="This page opens from the link in a password reset email, and this address has no link in it." />
          ) : linkRefused ? (
            <AskAgain message={linkRefused} />
          ) : check.isLoading ? (
            <LoadingState label="Checking your link" />
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
              {restoresEmail ? (
                <p className="text-sm text-slate-700">
                  Your account’s email becomes{' '}
                  <strong>
                    <EmailText email={restoresEmail} />
                  </strong>{' '}
                  again, with this new password. Every other session is signed out, the one that changed the email
                  included.
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">
                  Setting it signs you in here and signs you out everywhere else.
                </p>
              )}
              <FormField label="New password" error={errors.password?.message} hint={PASSWORD_HINT} required>
                <Input type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
              </FormField>
              <FormField label="New password, again" error={errors.confirm?.message} required>
                <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
              </FormField>
              <Button type="submit" size="lg" disabled={mutation.isPending}>
                {mutation.isPending && <Spinner label="Saving" />}
                Set password and sign in
              </Button>
            </form>
          )}
        </div>
      </Card>
    </section>
  );
}
