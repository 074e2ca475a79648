import type { QueryKey } from '@tanstack/react-query';

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
