import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { serviceBodySchema } from '@shared/contracts/admin';
import type { Ticket, TicketsResponse } from '@shared/contracts/tickets';
import type { TicketStatus } from '@shared/tickets';
import { answer, api } from '@/lib/api-client';
import { filterParams, pageQuery } from '@/lib/paging';
import { onlyTicket, ticketQueryRoots } from '@/lib/ticket-query-keys';
import { engineerLabels } from '../lib/engineer-labels';

/** All admin data lives under ['admin', …] so a change can refresh exactly what it touches. */
export const adminKeys = {
  tickets: (status: TicketStatus | '') => [...ticketQueryRoots.admin, status] as const,
  allTickets: ticketQueryRoots.admin,
  history: (id: string) => [...ticketQueryRoots.adminHistory, id] as const,
  users: ['admin', 'users'] as const,
  engineers: ['admin', 'engineers'] as const,
  engineerSearch: (q: string) => ['admin', 'engineers', q] as const,
  contacts: ['admin', 'contacts'] as const,
  catalogue: ['admin', 'catalogue'] as const,
  dbModels: ['admin', 'db', 'models'] as const,
  dbRecords: (model: string) => ['admin', 'db', 'records', model] as const,
};

/** The ₹299 filter: only the tickets whose in-progress fee is paid ('true') or not ('false'); '' for all. */
export type PaidFilter = '' | 'true' | 'false';

/** What All Tickets is narrowed to ('' for no narrowing): its list and its CSV ask for the same. */
export interface AdminTicketFilters {
  status: TicketStatus | '';
  q: string;
  paid: PaidFilter;
  /** Only the tickets of this engineer (an account id). */
  engineerId: string;
}

/** The admins' filters as query parameters (those with a value), for the list and its CSV alike. */
export const adminTicketFilters = ({ status, q, paid, engineerId }: AdminTicketFilters) =>
  filterParams({ status, q, paid, engineerId });

const adminTicketsPage = (filters: AdminTicketFilters, cursor: string, id?: string) =>
  answer(
    api.GET('/api/admin/tickets', {
      params: { query: { ...pageQuery(cursor), ...adminTicketFilters(filters), id } },
    }),
  );

export const useAdminTickets = (filters: AdminTicketFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...adminKeys.tickets(filters.status), filters.q.trim(), filters.paid, filters.engineerId],
      queryFn: ({ pageParam }) => adminTicketsPage(filters, pageParam),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: { ticketRow: (id) => onlyTicket(adminTicketsPage(filters, '', id)) },
    }),
  );

/** A ticket's history, oldest first, a page at a time (the server's default page). */
export const useTicketHistory = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: adminKeys.history(id),
    queryFn: ({ pageParam }) =>
      answer(
        api.GET('/api/admin/tickets/{id}/history', {
          params: { path: { id }, query: { after: pageParam || undefined } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    meta: { ticketId: id },
  });

/** The engineer picker's list: the first ENGINEER_PICKER_LIMIT, or those matching `q` (name or email). */
export const useEngineers = (q = '') =>
  useQuery({
    queryKey: adminKeys.engineerSearch(q),
    queryFn: () => answer(api.GET('/api/admin/engineers', { params: { query: { q: q || undefined } } })),
    select: (r) => ({ engineers: engineerLabels(r.engineers), more: r.more }),
    // While a new search loads, the last answer stays on screen instead of an empty select.
    placeholderData: keepPreviousData,
  });

/**
 * A changed ticket is put in place in every loaded list, from the server's answer, rather than every
 * loaded page fetched again: a refetch would take the same number of pages from the top, and tickets
 * booked meanwhile would push the rows at the end (the one just changed, perhaps) out of the list.
 * The lists are marked stale for their next visit (a status filter may no longer hold the ticket).
 */
function useTicketMutation<V>(call: (v: V) => Promise<{ ticket: Ticket }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ ticket }) => {
      client.setQueriesData<InfiniteData<TicketsResponse>>({ queryKey: adminKeys.allTickets }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)),
              })),
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: adminKeys.allTickets, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: adminKeys.history(ticket.id) });
      // The ticket's own page, where the admin may have made the change (its actions).
      void client.invalidateQueries({ queryKey: [...ticketQueryRoots.conversation, ticket.id] });
    },
  });
}

export const useChangeStatus = () =>
  useTicketMutation((v: { id: string; status: TicketStatus }) =>
    answer(api.PATCH('/api/admin/tickets/{id}', { params: { path: { id: v.id } }, body: { status: v.status } })),
  );

/** Assigns an engineer, or reassigns the ticket from `replaces`, the engineer it has. */
export const useAssignEngineer = () =>
  useTicketMutation((v: { id: string; engineerId: string; replaces?: string | undefined }) =>
    answer(
      api.PATCH('/api/admin/tickets/{id}/assign', {
        params: { path: { id: v.id } },
        body: { engineerId: v.engineerId, ...(v.replaces ? { replaces: v.replaces } : {}) },
      }),
    ),
  );

/** Takes the engineer off a ticket not completed (issue 29); its status stays. */
export const useUnassignEngineer = () =>
  useTicketMutation((v: { id: string }) =>
    answer(api.DELETE('/api/admin/tickets/{id}/assign', { params: { path: { id: v.id } } })),
  );

/** `handled`: '' for all, 'false' for the open requests, 'true' for the handled ones; `q` a search. */
export const useContactRequests = (handled: '' | 'true' | 'false' = '', q = '') =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...adminKeys.contacts, handled, q.trim()],
      queryFn: ({ pageParam }) =>
        answer(
          api.GET('/api/admin/contacts', {
            params: { query: { ...pageQuery(pageParam), ...filterParams({ handled, q }) } },
          }),
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** Marks a contact request handled or open again; every contacts list is read again. */
export const useMarkContactHandled = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; handled: boolean }) =>
      answer(api.PATCH('/api/admin/contacts/{id}', { params: { path: { id: v.id } }, body: { handled: v.handled } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.contacts }),
  });
};

/** The whole catalogue: main services, each with its sub-services. */
export const useCatalogue = () =>
  useQuery({
    queryKey: adminKeys.catalogue,
    queryFn: () => answer(api.GET('/api/admin/services/all')).then((r) => r.mainServices),
  });

/** A catalogue change is stale in the admin view and in the public catalogue (['catalogue', …]) alike. */
function useCatalogueMutation<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.catalogue }),
        client.invalidateQueries({ queryKey: ['catalogue'] }),
      ]),
  });
}

type ServiceOut = z.output<typeof serviceBodySchema>;

export const useSaveService = () =>
  useCatalogueMutation(({ id, body }: { id: string | null; body: ServiceOut }) =>
    id
      ? answer(api.PATCH('/api/admin/services/{id}', { params: { path: { id } }, body }))
      : answer(api.POST('/api/admin/services', { body })),
  );

export const useDeleteService = () =>
  useCatalogueMutation((id: string) => answer(api.DELETE('/api/admin/services/{id}', { params: { path: { id } } })));

/* Database viewer */

export type DbRecord = Record<string, unknown>;
export const DB_PAGE = 100;

/** One page of a model's records; X-Next-Offset, sent only when there is a next page, says where it starts. */
export async function fetchDbRecords(
  model: string,
  offset: number,
  signal?: AbortSignal,
): Promise<{ records: DbRecord[]; nextOffset: number | null }> {
  const { data, response } = await api.GET('/api/prisma/{model}', {
    params: { path: { model }, query: { limit: DB_PAGE, offset } },
    signal,
  });
  const next = response.headers.get('X-Next-Offset');
  const nextOffset = next !== null && next !== '' && Number.isInteger(Number(next)) ? Number(next) : null;
  return { records: data ?? [], nextOffset };
}

export const useDbModels = () =>
  useQuery({ queryKey: adminKeys.dbModels, queryFn: () => answer(api.GET('/api/prisma')) });

export const useDbRecords = (model: string) =>
  useInfiniteQuery({
    queryKey: adminKeys.dbRecords(model),
    queryFn: ({ pageParam, signal }) => fetchDbRecords(model, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    enabled: Boolean(model),
  });
