import { MailX } from 'lucide-react';
import type { NotificationTopic } from '@shared/contracts/emails';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { AppLink } from '@/lib/navigation';
import { useLinkToken } from '@/lib/use-link-token';
import { useUnsubscribe, useUnsubscribeLink } from '../api/notification-calls';
import { EmailText } from '@/components/ui/email-text';

/** What each topic's emails are, as a customer and as an engineer gets them. */
const WHAT: Record<NotificationTopic, { customer: string; engineer: string }> = {
  ticketUpdates: {
    customer: 'ticket update emails (an engineer assigned, the fee due, a repair completed)',
    engineer: 'ticket update emails (a ticket assigned to you)',
  },
  messages: {
    customer: 'emails about new messages on your tickets',
    engineer: 'emails about new messages on the tickets assigned to you',
  },
};

const who = (engineer: boolean) => (engineer ? 'engineer' : 'customer');

/**
 * /unsubscribe?token=…: where an optional email's unsubscribe link goes. It says what the link turns
 * off and for which address, and does it on a click (a mail client's one-click POST needs no page);
 * or that it is off already.
 */
export default function UnsubscribePage() {
  const token = useLinkToken(paths.unsubscribe);
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  let body;
  if (!token)
    body = <p className="text-sm text-slate-700">This page opens from the unsubscribe link in one of our emails.</p>;
  else if (link.isPending) body = <LoadingState label="Checking the link" />;
  else if (!link.data)
    body = (
      <p role="alert" className="text-sm text-slate-700">
        {errorMessage(link.error, 'This unsubscribe link is not valid.')}
      </p>
    );
  else if (unsubscribe.isSuccess || !link.data.on) {
    const { engineer } = link.data;
    body = (
      <p role="status" className="text-sm text-slate-700">
        {unsubscribe.isSuccess && 'Done: '}
        <strong>
          <EmailText email={link.data.email} />
        </strong>{' '}
        {unsubscribe.isSuccess ? 'gets no more' : 'already gets no'} {WHAT[link.data.topic][who(engineer)]}. You can
        turn them back on {engineer ? 'in Account security' : 'from your profile'}.
      </p>
    );
  } else
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Stop sending {WHAT[link.data.topic][who(link.data.engineer)]} to{' '}
          <strong>
            <EmailText email={link.data.email} />
          </strong>
          ?{' '}
          {link.data.engineer
            ? 'Password and account notices still come.'
            : 'Password and account notices, booking confirmations and receipts still come.'}
        </p>
        {unsubscribe.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(unsubscribe.error, 'Something went wrong. Please try again.')}
          </p>
        )}
        <Button className="self-start" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending && <Spinner label="Unsubscribing" />}
          Unsubscribe
        </Button>
      </div>
    );
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <Card className="p-6">
        <div className="flex items-center gap-3">
          <MailX aria-hidden="true" className="size-6 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">Email settings</h1>
        </div>
        <div className="mt-5">{body}</div>
        <p className="mt-6 text-sm">
          <AppLink to={paths.home} className="text-primary hover:underline">
            Back to the home page
          </AppLink>
        </p>
      </Card>
    </section>
  );
}
