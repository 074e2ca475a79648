import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/**
 * Opens a ticket's own page (its conversation), with the count of messages the caller has not read
 * as a badge when the API gives one.
 */
export function OpenTicketLink({
  ticketId,
  number,
  unread,
  className,
}: {
  ticketId: string;
  number: string;
  unread?: number | undefined;
  className?: string;
}) {
  const count = unread ?? 0;
  return (
    <Link
      to={paths.ticket(ticketId)}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <MessagesSquare aria-hidden="true" className="size-4" />
      Open ticket <span className="sr-only">{number}</span>
      {count > 0 && (
        <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
          {count}
          <span className="sr-only"> unread {count === 1 ? 'message' : 'messages'}</span>
        </span>
      )}
    </Link>
  );
}
