import { BadgeIndianRupee, Info } from 'lucide-react';
import { BOOKING_FEE_PAISE, formatRupees, IN_PROGRESS_FEE_PAISE } from '@shared/product';
import { Card } from '@/components/ui/card';

/** SPEC.md §9: the two fees and their terms. */
export function FeeTerms() {
  const fees = [
    {
      amount: formatRupees(BOOKING_FEE_PAISE),
      title: 'Ticket booking fee',
      text: 'Paid when you book. Your ticket is created as soon as the payment is confirmed.',
    },
    {
      amount: formatRupees(IN_PROGRESS_FEE_PAISE),
      title: 'In-progress fee (engineer assignment)',
      text: 'Paid once your ticket is in progress, to unlock your engineer’s contact details and continue.',
    },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1fr_1.2fr]">
      {fees.map((f) => (
        <Card key={f.title} className="p-6">
          <BadgeIndianRupee aria-hidden="true" className="size-6 text-primary" />
          <p className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{f.amount}</p>
          <h3 className="mt-1 font-semibold text-slate-900">{f.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.text}</p>
        </Card>
      ))}
      <Card className="bg-amber-50 p-6">
        <h3 className="flex items-center gap-2 font-semibold text-amber-900">
          <Info aria-hidden="true" className="size-5" />
          Fee terms
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-amber-950">
          <li>Both fees are fixed and non-refundable.</li>
          <li>Fees are exclusive of applicable taxes.</li>
          <li>Complex repairs may carry extra charges, always agreed with you before any work starts.</li>
          <li>All amounts are in Indian Rupees (INR).</li>
        </ul>
      </Card>
    </div>
  );
}
