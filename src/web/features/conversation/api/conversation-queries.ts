import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, PostMessageBody, RemoteAccessBody } from '@shared/contracts/messages';
import { answer, api } from '@/lib/api-client';
import { ticketQueryRoots } from '@/lib/ticket-query-keys';

/** Under the conversation root, so a live ticket event (a new message) refreshes them. */
export const conversationKeys = {
  ticket: (id: string) => [...ticketQueryRoots.conversation, id, 'ticket'] as const,
  messages: (id: string) => [...ticketQueryRoots.conversation, id, 'messages'] as const,
};

/** GET /api/tickets/{id}: the ticket as the caller may see it, with `unread`. */
export function useTicket(id: string) {
  return useQuery({
    queryKey: conversationKeys.ticket(id),
    queryFn: ({ signal }) =>
      answer(api.GET('/api/tickets/{id}', { params: { path: { id } }, signal })).then((r) => r.ticket),
    meta: { ticketId: id },
  });
}

/** The whole thread, oldest first: every page of GET /api/tickets/{id}/messages. */
export function useMessages(id: string) {
  return useQuery({
    queryKey: conversationKeys.messages(id),
    queryFn: async ({ signal }) => {
      const all: Message[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await answer(
          api.GET('/api/tickets/{id}/messages', { params: { path: { id }, query: { limit: 200, after } }, signal }),
        );
        all.push(...page.messages);
        if (!page.nextCursor) return all;
        after = page.nextCursor;
      }
    },
    meta: { ticketId: id },
  });
}

/** A random Idempotency-Key (crypto.randomUUID is missing on a page served over plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/tickets/{id}/messages with the message's Idempotency-Key: sent again with the same key
 * (a Send retried after its answer was lost), it answers the message already made. The thread is
 * asked again once it is made.
 */
export function usePostMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: PostMessageBody & { key: string }) =>
      answer(
        api.POST('/api/tickets/{id}/messages', { params: { path: { id }, header: { 'idempotency-key': key } }, body }),
      ).then((r) => r.message),
    onSuccess: (message) => {
      client.setQueryData<Message[]>(conversationKeys.messages(id), (old) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
      );
      void client.invalidateQueries({ queryKey: conversationKeys.messages(id) });
    },
  });
}

/**
 * POST /api/tickets/{id}/messages/read up to `upTo`; the lists' unread badges are asked again.
 * Failing quietly: the badge stays until the next visit.
 */
export function useMarkRead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) =>
      answer(api.POST('/api/tickets/{id}/messages/read', { params: { path: { id } }, body: { upTo } })),
    onSuccess: () => {
      for (const root of [ticketQueryRoots.customer, ticketQueryRoots.engineer, ticketQueryRoots.admin]) {
        void client.invalidateQueries({ queryKey: root });
      }
    },
  });
}

/** PUT /api/tickets/{id}/remote-access (the ticket's customer). */
export function useSaveRemoteAccess(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoteAccessBody) =>
      answer(api.PUT('/api/tickets/{id}/remote-access', { params: { path: { id } }, body })).then((r) => r.ticket),
    onSuccess: (ticket) => client.setQueryData(conversationKeys.ticket(id), ticket),
  });
}
