import { Eye, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { EMAIL_STATUSES, type EmailDetail, type EmailStatus, type EmailSummary } from '@shared/contracts/emails';
import { ReceiptList } from '@/components/tickets/ticket-receipts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { ListFilters, SearchField } from '@/components/ui/search-input';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSearchParam, useSearchText } from '@/lib/use-search-param';
import { cn } from '@/lib/utils';
import { useOutgoingEmail, useOutgoingEmails, useRetryEmail } from '../api/emails-queries';

const BADGE: Record<EmailStatus, string> = {
  queued: 'bg-amber-100 text-amber-900 ring-amber-300',
  sent: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  kept: 'bg-slate-100 text-slate-800 ring-slate-300',
};

const STATUS_HINT: Record<EmailStatus, string> = {
  queued: 'waiting to be sent, or to be tried again',
  sent: 'taken by the mail server',
  failed: 'every attempt failed',
  kept: 'not sent: no SMTP_URL is set',
};

/**
 * How far sending went, in the row and the preview. A kept email was never tried: said in words, not
 * only in the badge's tooltip, which a phone never shows.
 */
const sendingState = (email: { status: EmailStatus; attempts: number }) =>
  email.status === 'kept'
    ? 'not sent (no SMTP_URL was set): kept here to read'
    : `${email.attempts} ${email.attempts === 1 ? 'attempt' : 'attempts'}`;

function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <span
      title={STATUS_HINT[status]}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        BADGE[status],
      )}
    >
      {status}
    </span>
  );
}

/** The receipt PDFs the email carries, each to download as its customer gets it. */
function Attachments({ receipts }: { receipts: EmailDetail['attachments'] }) {
  return (
    <section aria-labelledby="email-attachments-heading" className="flex flex-col gap-2">
      <h3 id="email-attachments-heading" className="text-sm font-semibold">
        Attached
      </h3>
      <ReceiptList receipts={receipts} />
    </section>
  );
}

/**
 * The email as it went out (or would have): the HTML in a sandboxed frame (`sandbox=""`: no script,
 * no form, no navigation out of it, its own origin), and the plain-text part.
 */
function EmailPreview({ id, onClose }: { id: string; onClose(): void }) {
  const query = useOutgoingEmail(id);
  const email = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-3xl"
        title={email?.subject ?? 'Email preview'}
        description={
          email ? (
            <>
              To <EmailText email={email.to} /> · {formatDateTime(email.createdAt)}
            </>
          ) : undefined
        }
      >
        {query.isPending ? (
          <LoadingState label="Loading the email" />
        ) : !email ? (
          <ErrorState message="We could not load this email." onRetry={() => void query.refetch()} />
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <EmailStatusBadge status={email.status} />
              <span className="text-muted-foreground">
                {sendingState(email)}
                {email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ''}
              </span>
            </div>
            {email.redacted && (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {email.status === 'kept'
                  ? 'This is a password reset: its link signs in to the account, so only a superadmin can read it.'
                  : 'This is a password reset: its link signs in to the account, so it goes to that address only.'}
              </p>
            )}
            {email.attachments.length > 0 && <Attachments receipts={email.attachments} />}
            <Tabs defaultValue="html">
              <TabsList>
                <TabsTrigger value="html">HTML</TabsTrigger>
                <TabsTrigger value="text">Plain text</TabsTrigger>
              </TabsList>
              <TabsContent value="html">
                <iframe
                  sandbox=""
                  srcDoc={email.html}
                  title={`The email “${email.subject}” as HTML`}
                  className="h-[60vh] w-full rounded-lg border bg-white"
                />
              </TabsContent>
              <TabsContent value="text">
                <pre className="max-h-[60vh] overflow-auto rounded-lg border bg-slate-50 p-4 text-xs whitespace-pre-wrap wrap-anywhere">
                  {email.text}
                </pre>
              </TabsContent>
            </Tabs>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EmailRow({ email, onPreview }: { email: EmailSummary; onPreview(): void }) {
  const retry = useRetryEmail();
  const run = () =>
    retry.mutate(email.id, {
      onSuccess: () => toast.success(`The email to ${email.to} will be sent again`),
      onError: (err) => toastError(err, 'Failed to retry the email'),
    });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <EmailStatusBadge status={email.status} />
          <h3 className="font-semibold wrap-anywhere">{email.subject}</h3>
        </div>
        <p className="mt-1 text-sm wrap-anywhere text-slate-700">To {email.to}</p>
        {email.lastError && email.status !== 'sent' && (
          <p className="mt-1 text-sm wrap-anywhere text-red-800">{email.lastError}</p>
        )}
        <p className="mt-2 text-xs text-muted-foreground">
          {formatDateTime(email.createdAt)} · {sendingState(email)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={onPreview}
          aria-label={`Preview the email “${email.subject}” to ${email.to}`}
        >
          <Eye aria-hidden="true" />
          Preview
        </Button>
        {email.status === 'failed' && (
          <Button
            size="sm"
            variant="outline"
            onClick={run}
            disabled={retry.isPending}
            aria-label={`Retry the email “${email.subject}” to ${email.to}`}
          >
            {retry.isPending ? <Spinner label="Retrying" /> : <RotateCcw aria-hidden="true" />}
            Retry
          </Button>
        )}
      </div>
    </Card>
  );
}

/** Outgoing email: every email the service wrote, its status and attempts, a preview, Retry for a failed one. */
export function EmailsTab() {
  const [status, setStatus] = useSearchParam('status', EMAIL_STATUSES);
  const [search, setSearch, q] = useSearchText();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const query = useOutgoingEmails(status, q);
  const emails = query.data?.pages.flatMap((p) => p.emails) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListFilters>
        <SearchField
          value={search}
          onChange={setSearch}
          hint="Address or subject (a ticket's number: RF-1001)"
          placeholder="meera@example.com, RF-1001…"
          maxLength={100}
        />
        <FormField label="Show" className="w-full sm:max-w-xs">
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as EmailStatus | '')}>
            <option value="">All emails</option>
            {EMAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </ListFilters>
      {query.isPending ? (
        <LoadingState label="Loading outgoing email" />
      ) : !query.data ? (
        <ErrorState message="We could not load the outgoing email." onRetry={() => void query.refetch()} />
      ) : emails.length === 0 ? (
        q ? (
          <EmptyState title="No emails found">{`No ${status ? `${status} ` : ''}email matches “${q}”.`}</EmptyState>
        ) : (
          <EmptyState title={status ? `No ${status} emails` : 'No emails'}>
            Emails the service sends (or keeps, without SMTP_URL) appear here.
          </EmptyState>
        )
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Outgoing email">
            {emails.map((email) => (
              <li key={email.id} data-page-item>
                <EmailRow email={email} onPreview={() => setPreviewing(email.id)} />
              </li>
            ))}
          </ul>
          <LoadMore pages={query} label="emails" />
        </>
      )}
      {previewing && <EmailPreview id={previewing} onClose={() => setPreviewing(null)} />}
    </div>
  );
}
