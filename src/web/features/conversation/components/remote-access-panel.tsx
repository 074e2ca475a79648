import { MonitorSmartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CONVERSATION_LIMITS, REMOTE_TOOLS, type RemoteTool } from '@shared/contracts/messages';
import type { Ticket } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useFocusOnArrival } from '@/lib/focus-on-arrival';
import { useAppNavigation } from '@/lib/navigation';
import { toast } from '@/lib/toast';
import { useSaveRemoteAccess } from '../api/conversation-queries';

/**
 * The customer gives (or changes) the remote session's tool and id, until the ticket is completed.
 * `?remote=1` (the hero's Start Remote Session): scrolled into view with its access id focused.
 */
export function RemoteAccessForm({ ticket }: { ticket: Ticket }) {
  const { search } = useAppNavigation();
  const asked = new URLSearchParams(search).get('remote') === '1';
  const formRef = useFocusOnArrival<HTMLFormElement>(asked);
  const [tool, setTool] = useState<RemoteTool>(ticket.remoteAccess?.tool ?? 'AnyDesk');
  const [accessId, setAccessId] = useState(ticket.remoteAccess?.accessId ?? '');
  const [error, setError] = useState('');
  const save = useSaveRemoteAccess(ticket.id);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!accessId.trim()) return setError('The access id is required');
    setError('');
    save.mutate(
      { tool, accessId },
      {
        onSuccess: () => toast.success('Remote session saved'),
        onError: (err) => setError(errorMessage(err, 'The remote session could not be saved. Try again.')),
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border bg-white p-4"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
        Remote session
      </h2>
      <p className="text-sm text-slate-700">
        Your engineer sees this only while working on the ticket; it is deleted when the ticket is completed.
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-tool`} className="text-sm font-medium">
            Tool
          </label>
          <NativeSelect id={`${id}-tool`} value={tool} onChange={(e) => setTool(e.target.value as RemoteTool)}>
            {REMOTE_TOOLS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-access`} className="text-sm font-medium">
            Access id
          </label>
          <Input
            id={`${id}-access`}
            value={accessId}
            onChange={(e) => setAccessId(e.target.value)}
            maxLength={CONVERSATION_LIMITS.accessIdMax}
            autoComplete="off"
            data-autofocus={asked || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save remote session'}
      </Button>
    </form>
  );
}

/** What the assigned engineer sees while the ticket is in progress. */
export function RemoteAccessView({ ticket }: { ticket: Ticket }) {
  return (
    <section aria-label="Remote session" className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
        Remote session
      </h2>
      {ticket.remoteAccess ? (
        <p className="mt-1 break-all">
          {ticket.remoteAccess.tool}: <span className="font-mono font-semibold">{ticket.remoteAccess.accessId}</span>
        </p>
      ) : (
        <p className="mt-1 text-slate-700">The customer has not given a remote session yet.</p>
      )}
    </section>
  );
}
