import { BellRing } from 'lucide-react';
import type { NotificationSettings as Settings, NotificationTopic } from '@shared/contracts/emails';
import { MESSAGE_EMAIL_GAP_MINUTES } from '@shared/product';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeNotificationSettings, useNotificationSettings } from '../api/notification-calls';

/** Each topic as its customer (`hint`) and its engineer (`engineerHint`) get it. */
const TOPICS: { topic: NotificationTopic; label: string; hint: string; engineerHint: string }[] = [
  {
    topic: 'ticketUpdates',
    label: 'Ticket updates',
    hint: 'An engineer assigned, the in-progress fee due, the repair completed.',
    engineerHint: 'A ticket assigned to you.',
  },
  {
    topic: 'messages',
    label: 'New messages',
    hint: `At most one email per ticket every ${MESSAGE_EMAIL_GAP_MINUTES} minutes.`,
    engineerHint: `On your tickets, at most one email per ticket every ${MESSAGE_EMAIL_GAP_MINUTES} minutes.`,
  },
];

/**
 * Which optional emails the account gets (DECISIONS.md §7.3). Password resets and booking
 * confirmations with their receipts always go. `engineer`: on the security page, for an engineer,
 * who books nothing and gets no receipts (admins get no optional email: no card for them).
 */
export function NotificationSettings({ engineer = false }: { engineer?: boolean }) {
  const query = useNotificationSettings();
  const change = useChangeNotificationSettings();
  const toggle = (topic: NotificationTopic, on: boolean) =>
    change.mutate({ [topic]: on } as Partial<Settings>, {
      onSuccess: () =>
        toast.success(`${TOPICS.find((t) => t.topic === topic)?.label} emails turned ${on ? 'on' : 'off'}`),
      onError: (err) => toastError(err, 'Could not save your email settings'),
    });
  return (
    <Card className="max-w-xl p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden="true" className="size-5 text-primary" />
        Email notifications
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {engineer
          ? 'Password and account notices are always sent.'
          : 'Password and account notices, booking confirmations and receipts are always sent.'}
      </p>
      {query.isPending ? (
        <div className="mt-4">
          <Spinner label="Loading your email settings" />
        </div>
      ) : !query.data ? (
        <div className="mt-4">
          <ErrorState message="We could not load your email settings." onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <fieldset className="mt-4 flex flex-col gap-3" aria-busy={change.isPending}>
          <legend className="sr-only">Emails to receive</legend>
          {TOPICS.map(({ topic, label, hint, engineerHint }) => (
            <label key={topic} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted">
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-primary"
                checked={query.data[topic]}
                disabled={change.isPending}
                onChange={(e) => toggle(topic, e.target.checked)}
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium text-slate-900">{label}</span>
                <span className="text-xs text-muted-foreground">{engineer ? engineerHint : hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Card>
  );
}
