/** A ticket's number, as people say it on the phone (RF-1001). */
export function TicketNumber({ number, className }: { number: string; className?: string }) {
  return (
    <p className={className ?? 'text-xs font-semibold tracking-wide text-slate-500'}>
      Ticket <span className="font-mono text-slate-700">{number}</span>
    </p>
  );
}
