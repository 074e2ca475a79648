import { CalendarClock, CheckCircle2, ClipboardCopy, Layers, Mail, Monitor, Phone } from 'lucide-react';
import type { ContactRequest } from '@shared/contracts/admin';
import type { Urgency } from '@shared/contracts/contact';
import { serviceLabel } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { ListFilters, SearchField } from '@/components/ui/search-input';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { DetailRow } from '@/components/ui/detail-row';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { formatDateTime } from '@/lib/format';
import { useSearchParam, useSearchText } from '@/lib/use-search-param';
import { cn } from '@/lib/utils';
import { useContactRequests, useMarkContactHandled } from '../api/admin-queries';
import { EmailText } from '@/components/ui/email-text';

const URGENCY_STYLES: Record<Urgency, string> = {
  Low: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  Medium: 'bg-amber-100 text-amber-900 ring-amber-300',
  Urgent: 'bg-red-100 text-red-900 ring-red-300',
};

function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        URGENCY_STYLES[urgency],
      )}
    >
      <span className="sr-only">Urgency: </span>
      {urgency}
    </span>
  );
}

/**
 * The ticket draft for the request (issue 29): its person, service and description as text for the
 * clipboard. Nothing is booked or charged; the admin pastes it where they follow the request up
 * (a call, an email, or the customer's own booking). The card says whether the email is a customer
 * account's.
 */
const draftText = (c: ContactRequest) =>
  [
    `Ticket draft for ${c.name} <${c.email}>, ${c.phone}${c.hasAccount ? ' (customer account)' : ''}`,
    `Service: ${serviceLabel(c.mainService.name, c.subService.name)}`,
    `Computer: ${c.computerType} · Urgency: ${c.urgency}`,
    '',
    c.description,
  ].join('\n');

function ContactActions({ contact }: { contact: ContactRequest }) {
  const mark = useMarkContactHandled();
  const handled = contact.handledAt !== null;
  const toggle = () =>
    mark.mutate(
      { id: contact.id, handled: !handled },
      {
        onSuccess: () => toast.success(handled ? 'Marked open again' : 'Marked handled'),
        onError: (err) => toastError(err, 'Failed to update the request'),
      },
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(draftText(contact));
      toast.success('Ticket draft copied');
    } catch {
      toast.error('Could not copy: select the text instead');
    }
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" variant={handled ? 'outline' : 'secondary'} onClick={toggle} disabled={mark.isPending}>
        {handled ? 'Reopen' : 'Mark handled'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => void copy()}>
        <ClipboardCopy aria-hidden="true" />
        Copy ticket draft
      </Button>
    </div>
  );
}

function ContactCard({ contact }: { contact: ContactRequest }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{contact.name}</h3>
        <UrgencyBadge urgency={contact.urgency} />
      </div>
      <dl className="mt-3 grid gap-2 text-sm">
        <DetailRow icon={Mail} label="Email">
          <a href={`mailto:${contact.email}`} className="text-primary hover:underline">
            <EmailText email={contact.email} />
          </a>
        </DetailRow>
        <DetailRow icon={Phone} label="Phone" className="break-all">
          <a href={`tel:${contact.phone}`} className="text-primary hover:underline">
            {contact.phone}
          </a>
        </DetailRow>
        <DetailRow icon={Monitor} label="Computer type">
          {contact.computerType}
        </DetailRow>
        <DetailRow icon={Layers} label="Service" className="wrap-anywhere font-medium">
          {contact.mainService.name} › {contact.subService.name}
        </DetailRow>
      </dl>
      <p className="mt-3 flex-1 rounded-lg bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-line text-slate-700">
        {contact.description}
      </p>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-3.5" />
        Received {formatDateTime(contact.createdAt)}
      </p>
      {contact.handledAt && (
        <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
          Handled {formatDateTime(contact.handledAt)}
        </p>
      )}
      {contact.hasAccount && <p className="mt-1 text-xs text-muted-foreground">Has a customer account</p>}
      <ContactActions contact={contact} />
    </Card>
  );
}

const HANDLED_FILTERS = ['true', 'false'] as const;

/** Contact Requests: the public request form's submissions, newest first; all, open or handled, and searched. */
export function ContactsTab() {
  const [handled, setHandled] = useSearchParam('handled', HANDLED_FILTERS);
  const [search, setSearch, q] = useSearchText();
  const contacts = useContactRequests(handled, q);
  const which = handled ? (handled === 'true' ? 'handled' : 'open') : '';
  const all = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListFilters>
        <SearchField
          value={search}
          onChange={setSearch}
          hint="Name, email, phone or description"
          placeholder="Ravi, @example.com, 98765…"
          maxLength={100}
        />
        <FormField label="Show" className="w-full sm:max-w-xs">
          <NativeSelect value={handled} onChange={(e) => setHandled(e.target.value as '' | 'true' | 'false')}>
            <option value="">All requests</option>
            <option value="false">Open</option>
            <option value="true">Handled</option>
          </NativeSelect>
        </FormField>
      </ListFilters>
      {contacts.isPending ? (
        <LoadingState label="Loading contact requests" />
      ) : !contacts.data ? (
        <ErrorState message="We could not load the contact requests." onRetry={() => void contacts.refetch()} />
      ) : all.length === 0 ? (
        q ? (
          <EmptyState title="No requests found">{`No ${which ? `${which} ` : ''}request matches “${q}”.`}</EmptyState>
        ) : (
          <EmptyState title={which ? `No ${which} requests` : 'No contact requests yet'}>
            Requests sent through the public form appear here.
          </EmptyState>
        )
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Contact requests">
            {all.map((c) => (
              <li key={c.id} data-page-item>
                <ContactCard contact={c} />
              </li>
            ))}
          </ul>
          <LoadMore pages={contacts} label="contact requests" />
        </>
      )}
    </div>
  );
}
