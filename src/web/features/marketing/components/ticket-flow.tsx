import { BadgeIndianRupee, CheckCircle2, ClipboardList, Headset, UserCog } from 'lucide-react';
import { BOOKING_FEE_PAISE, formatRupees, IN_PROGRESS_FEE_PAISE } from '@shared/product';

const STEPS = [
  { Icon: ClipboardList, title: 'Book a ticket', text: 'Pick the category and issue, describe what is wrong.' },
  {
    Icon: BadgeIndianRupee,
    title: `Pay ${formatRupees(BOOKING_FEE_PAISE)} booking`,
    text: 'Your ticket is created the moment payment is confirmed.',
  },
  { Icon: UserCog, title: 'Engineer assigned', text: 'We match a certified engineer for your problem.' },
  {
    Icon: Headset,
    title: `Pay ${formatRupees(IN_PROGRESS_FEE_PAISE)} to continue`,
    text: 'Unlock your engineer’s contact details and start the session.',
  },
  {
    Icon: CheckCircle2,
    title: 'Fixed & closed',
    text: 'Your engineer completes the ticket with remarks on what was done.',
  },
];

/** The life of a ticket, from booking to completion. */
export function TicketFlow() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {STEPS.map(({ Icon, title, text }, i) => (
        <li key={title} className="relative rounded-xl border bg-white p-5 shadow-card">
          <span className="absolute right-4 top-4 text-xs font-bold text-slate-500">0{i + 1}</span>
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-blue-50 text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ol>
  );
}
