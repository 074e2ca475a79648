import { CalendarClock, Layers, Mail, Monitor, Phone } from 'lucide-react';
import type { ContactRequest } from '@shared/contracts/admin';
import type { Urgency } from '@shared/contracts/contact';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useContactRequests } from '../api/admin-queries';

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

function ContactCard({ contact }: { contact: ContactRequest }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{contact.name}</h3>
        <UrgencyBadge urgency={contact.urgency} />
      </div>
      <dl className="mt-3 grid gap-2 text-sm">
        <DetailRow icon={Mail} label="Email" className="break-all">
          <a href={`mailto:${contact.email}`} className="text-primary hover:underline">
            {contact.email}
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
    </Card>
  );
}

/** Contact Requests: the public request form's submissions, newest first. */
export function ContactsTab() {
  const contacts = useContactRequests();
  if (contacts.isPending) return <LoadingState label="Loading contact requests" />;
  if (!contacts.data)
    return <ErrorState message="We could not load the contact requests." onRetry={() => void contacts.refetch()} />;
  const all = contacts.data.pages.flatMap((p) => p.contacts);
  if (all.length === 0)
    return <EmptyState title="No contact requests yet">Requests sent through the public form appear here.</EmptyState>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Contact requests">
        {all.map((c) => (
          <li key={c.id} data-page-item>
            <ContactCard contact={c} />
          </li>
        ))}
      </ul>
      <LoadMore pages={contacts} label="contact requests" />
    </div>
  );
}
