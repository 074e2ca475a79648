import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { loginBodySchema, PASSWORD_HINT, signupBodySchema } from '@shared/contracts/auth';
import { twoFactorCodeBodySchema } from '@shared/contracts/two-factor';
import { isPasswordRefusal } from '@shared/password-refusals';
import { homePathFor } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage, NetworkError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/navigation';
import { login, loginWithCode, signup, useAuthMutation } from '../api/auth-calls';
import { afterLogin } from '../lib/after-login';
import type { AuthMode } from '@/lib/auth-dialog';
import { ForgotPasswordForm } from './forgot-password-form';

interface Props {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  onDone(): void;
}

/** SPEC.md §8: the server's error, "Something went wrong", or "Network error" when there was no answer. */
const authError = (err: unknown) =>
  err instanceof NetworkError ? 'Network error' : errorMessage(err, 'Something went wrong');

function GoogleButton() {
  return (
    <Button
      variant="outline"
      className="w-full"
      onClick={() => {
        window.location.assign(paths.googleLogin);
      }}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
        />
      </svg>
      Sign in with Google
    </Button>
  );
}

function useFinish(onDone: () => void) {
  const { navigate } = useAppNavigation();
  // A new account has no ticket yet: the page that asked for a sign-in (afterLogin) is not for it.
  return (message: string, role: Parameters<typeof homePathFor>[0], newAccount = false) => {
    toast.success(message);
    onDone();
    const next = afterLogin.take();
    navigate((!newAccount && next) || homePathFor(role));
  };
}

/** The email typed so far, carried to the other form when the visitor switches between them. */
type EmailCarry = RefObject<string>;

function useCarryEmail<T extends { email: string }>({ watch }: UseFormReturn<T>, carry: EmailCarry) {
  useEffect(() => {
    const subscription = watch((values) => {
      carry.current = (values as Partial<{ email: string }>).email ?? '';
    });
    return () => subscription.unsubscribe();
  }, [watch, carry]);
}

/**
 * The second step for an account with two-factor sign-in (DECISIONS.md §7.6): the 6-digit code from
 * the authenticator app, or one of the recovery codes. A challenge that has expired (5 minutes)
 * sends the visitor back to the password.
 */
export function CodeForm({ challenge, onDone, onBack }: { challenge: string; onDone(): void; onBack(): void }) {
  const finish = useFinish(onDone);
  const mutation = useAuthMutation(loginWithCode);
  const form = useForm<z.input<typeof twoFactorCodeBodySchema>, unknown, z.output<typeof twoFactorCodeBodySchema>>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ code }) =>
    mutation.mutateAsync({ challenge, code }).then(
      ({ user }) => finish('Logged in successfully!', user.role),
      (err: unknown) => {
        const message = authError(err);
        if (err instanceof ApiError && /expired/i.test(message)) {
          toast.error(message);
          onBack();
        } else {
          form.setError('code', { message }, { shouldFocus: true });
        }
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Two-factor sign-in">
      <p className="text-sm text-slate-700">
        Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app, or one of your
        recovery codes.
      </p>
      <FormField label="Authentication code" error={errors.code?.message} required>
        <Input
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner label="Checking the code" />}
        Verify
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to email and password
      </Button>
    </form>
  );
}

function LoginForm({
  onDone,
  carry,
  onForgot,
  onChallenge,
}: {
  onDone(): void;
  carry: EmailCarry;
  onForgot(): void;
  onChallenge(challenge: string): void;
}) {
  const finish = useFinish(onDone);
  const mutation = useAuthMutation(login);
  const form = useForm<z.input<typeof loginBodySchema>>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: carry.current, password: '' },
  });
  useCarryEmail(form, carry);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      (answer) => {
        if ('twoFactorRequired' in answer) onChallenge(answer.challenge);
        else finish('Logged in successfully!', answer.user.role);
      },
      (err: unknown) => void toast.error(authError(err)),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <button
        type="button"
        className="-mt-2 self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        onClick={onForgot}
      >
        Forgot password?
      </button>
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner label="Signing in" />}
        Sign In
      </Button>
    </form>
  );
}

function SignupForm({ onDone, carry }: { onDone(): void; carry: EmailCarry }) {
  const finish = useFinish(onDone);
  const mutation = useAuthMutation(signup);
  const form = useForm<z.input<typeof signupBodySchema>>({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { name: '', phone: '', email: carry.current, password: '' },
  });
  useCarryEmail(form, carry);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      ({ user }) => finish('Account created successfully!', user.role, true),
      (err: unknown) => {
        const message = authError(err);
        // Too easy to guess (only the server can tell): said under the field, like the form's own rules.
        if (isPasswordRefusal(message)) form.setError('password', { message }, { shouldFocus: true });
        // So is an email that belongs to another account.
        else if (err instanceof ApiError && err.status === 409)
          form.setError('email', { message }, { shouldFocus: true });
        else toast.error(message);
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Full Name" error={errors.name?.message} required>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Phone Number" error={errors.phone?.message} required>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={PASSWORD_HINT} required>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner label="Creating your account" />}
        Create Account
      </Button>
    </form>
  );
}

export default function AuthForms({ mode, onModeChange, onDone }: Props) {
  const email = useRef('');
  // The password was right and a second factor is asked for: that step alone (its Back returns to
  // the email, typed again, and an empty password).
  const [challenge, setChallenge] = useState<string | null>(null);
  if (mode === 'forgot') return <ForgotPasswordForm carry={email} onBack={() => onModeChange('login')} />;
  if (challenge) return <CodeForm challenge={challenge} onDone={onDone} onBack={() => setChallenge(null)} />;
  return (
    <div className="flex flex-col gap-5">
      <GoogleButton />
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or with email
        <span className="h-px flex-1 bg-border" />
      </div>
      {mode === 'login' ? (
        <LoginForm onDone={onDone} carry={email} onForgot={() => onModeChange('forgot')} onChallenge={setChallenge} />
      ) : (
        <SignupForm onDone={onDone} carry={email} />
      )}
      <p className="text-center text-sm text-muted-foreground">
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        <button
          type="button"
          className="font-semibold text-primary underline-offset-4 hover:underline"
          onClick={() => onModeChange(mode === 'login' ? 'signup' : 'login')}
        >
          {mode === 'login' ? 'Create Account' : 'Sign In'}
        </button>
      </p>
    </div>
  );
}
