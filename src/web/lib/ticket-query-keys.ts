import type { QueryKey } from '@tanstack/react-query';
import type { Ticket, TicketsResponse } from '@shared/contracts/tickets';

/**
 * The roots of the query keys of everything that shows tickets: the customer's lists and payments,
 * the engineer's assigned tickets, the admin's lists, a ticket's history, and a ticket's page with its
 * conversation. The features build their keys under these, so the live events
 * (use-live-ticket-events.ts) can refresh them all without importing a feature.
 */
export const ticketQueryRoots = {
  customer: ['tickets'],
  engineer: ['engineer', 'tickets'],
  admin: ['admin', 'tickets'],
  adminHistory: ['admin', 'history'],
  /** A ticket's own page: the ticket and its conversation (a `message` event refreshes them too). */
  conversation: ['conversation'],
} as const;

const roots: readonly QueryKey[] = Object.values(ticketQueryRoots);

/** Whether a query's key is under one of the ticket roots. */
export const showsTickets = (key: QueryKey) => roots.some((root) => root.every((part, i) => key[i] === part));

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * A paged ticket list's one ticket, as the list answers it now (its `?id=`, under the list's
       * own filters); undefined when the list no longer holds it. With it, a live event puts the
       * changed ticket into the rows a page has loaded instead of asking for every page again.
       */
      ticketRow?: (id: string) => Promise<Ticket | undefined>;
      /**
       * The one ticket a query shows (its page, its conversation, its receipts, its history): a
       * live event about another ticket leaves it be.
       */
      ticketId?: string;
    };
  }
}

/** The one ticket of a list's answer to `?id=` (none when the list does not hold it): a list's `ticketRow`. */
export const onlyTicket = (answer: Promise<TicketsResponse>) => answer.then((r) => r.tickets[0]);
