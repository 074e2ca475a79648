import type { Ticket } from '@shared/contracts/tickets';
import { EmailText } from '@/components/ui/email-text';

/** A customer or an engineer in All Tickets: name, then email and phone when the answer has them. */
export const Person = ({ p }: { p: { name: string; email?: string | undefined; phone?: string | undefined } }) => (
  <div className="min-w-0 text-sm">
    <p className="font-medium">{p.name}</p>
    {p.email && (
      <p className="text-xs text-muted-foreground">
        <EmailText email={p.email} />
      </p>
    )}
    {p.phone && <p className="text-xs text-muted-foreground">{p.phone}</p>}
  </div>
);

/** The in-progress fee's state, from the staff answer's `inProgressFeePaid` (issue 29). */
export const FeePaid = ({ ticket }: { ticket: Ticket }) =>
  ticket.inProgressFeePaid ? (
    <span className="inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
      ₹299 paid
    </span>
  ) : (
    <span className="text-xs text-muted-foreground">Not paid</span>
  );
