import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  RECOVERY_CODE_COUNT,
  twoFactorCodeBodySchema,
  type TwoFactorSetupResponse,
} from '@shared/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState, LoadingState } from '@/components/ui/state';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetUpTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor-calls';

type CodeInput = z.input<typeof twoFactorCodeBodySchema>;
type CodeOutput = z.output<typeof twoFactorCodeBodySchema>;

/** One code field and its button: confirming the set-up, or turning two-factor sign-in off. */
function CodeForm({
  label,
  submit,
  pendingLabel,
  onCode,
  hint,
  destructive = false,
}: {
  label: string;
  submit: string;
  pendingLabel: string;
  hint?: string;
  destructive?: boolean;
  onCode(code: string): Promise<unknown>;
}) {
  const [pending, setPending] = useState(false);
  const form = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setPending(true);
    try {
      await onCode(code);
    } catch (err) {
      form.setError('code', { message: errorMessage(err, 'Something went wrong') }, { shouldFocus: true });
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
      <FormField label={label} error={form.formState.errors.code?.message} {...(hint ? { hint } : {})} required>
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
      </FormField>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending && <Spinner label={pendingLabel} />}
        {submit}
      </Button>
    </form>
  );
}

/** The recovery codes, shown this once, with a copy button; gone after "I have saved them". */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you lose your
        phone. <strong>They are shown only now.</strong>
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border bg-slate-50 p-4 font-mono text-sm sm:max-w-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => {
                setCopied(true);
                toast.success('Recovery codes copied');
              },
              () => toast.error('Could not copy: select the codes and copy them instead'),
            );
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" onClick={onSaved}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

/** Set-up: the QR code, the secret to type in instead, and a code to confirm. */
function SetUp({ setup, onEnabled }: { setup: TwoFactorSetupResponse; onEnabled(codes: string[]): void }) {
  const enable = useEnableTwoFactor();
  // Grouped in fours, as authenticator apps show them; spaces are ignored when typed in.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
        <li>Scan this QR code, or add an account by typing in the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qrDataUrl}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded-lg border bg-white p-2"
      />
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Key to type in</p>
        <code data-testid="two-factor-secret" className="mt-1 block font-mono text-sm break-all text-slate-900">
          {grouped}
        </code>
      </div>
      <CodeForm
        label="Code from the app"
        submit="Confirm and turn on"
        pendingLabel="Turning on two-factor sign-in"
        onCode={async (code) => onEnabled((await enable.mutateAsync({ code })).recoveryCodes)}
      />
    </div>
  );
}

/**
 * "Two-factor sign-in" for staff (DECISIONS.md §7.6): turn it on with an authenticator app, see the
 * recovery codes once, or turn it off with a code.
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onSaved={() => {
          setCodes(null);
          setSetup(null);
        }}
      />
    );
  } else if (setup) {
    body = <SetUp setup={setup} onEnabled={setCodes} />;
  } else if (status.isPending) {
    body = <LoadingState label="Loading" />;
  } else if (!status.data) {
    body = <ErrorState message="We could not load this setting." onRetry={() => void status.refetch()} />;
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Two-factor sign-in is on. {status.data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        </p>
        <CodeForm
          label="Code to turn it off"
          hint="A code from your app, or a recovery code"
          submit="Turn off two-factor sign-in"
          pendingLabel="Turning off two-factor sign-in"
          destructive
          onCode={async (code) => {
            await disable.mutateAsync({ code });
            toast.success('Two-factor sign-in is off');
          }}
        />
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <ShieldOff aria-hidden="true" className="size-5 text-slate-500" />
          Two-factor sign-in is off: your password alone signs you in.
        </p>
        <Button
          type="button"
          className="self-start"
          disabled={setUp.isPending}
          onClick={() =>
            setUp.mutateAsync().then(setSetup, (err: unknown) => toast.error(errorMessage(err, 'Something went wrong')))
          }
        >
          {setUp.isPending && <Spinner label="Preparing" />}
          Turn on two-factor sign-in
        </Button>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
