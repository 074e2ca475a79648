import { MessagesSquare } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/**
 * What a link to a ticket's page carries: the list it was opened from, its search and filters
 * included (the ticket page's BackToListLink leads there). Kept here, not beside that link, so the
 * lists do not load the ticket page's parts.
 */
export interface OpenedFrom {
  from: string;
}

function useOpenedFromHere(): OpenedFrom {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}

/**
 * Opens a ticket's own page (its conversation), with the count of messages the caller has not read
 * as a badge (every ticket answer carries it; the lists are asked again on each live event and once
 * the thread is read, so it follows both).
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
  const openedFrom = useOpenedFromHere();
  return (
    <Link
      to={paths.ticket(ticketId)}
      state={openedFrom}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <MessagesSquare aria-hidden="true" className="size-4" />
      Open ticket <span className="sr-only">{number}</span>
      {count > 0 && (
        // Read out as "Open ticket RF-1001 (3 unread messages)": the bare figure is for the eye only.
        <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{` (${count} unread ${count === 1 ? 'message' : 'messages'})`}</span>
        </span>
      )}
    </Link>
  );
}
