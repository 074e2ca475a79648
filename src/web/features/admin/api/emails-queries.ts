import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailStatus } from '@shared/contracts/emails';
import { answer, api } from '@/lib/api-client';
import { filterParams, pageQuery } from '@/lib/paging';

const ROOT = ['admin', 'emails'] as const;

export const emailKeys = {
  list: (status: EmailStatus | '', q: string) => [...ROOT, 'list', status, q] as const,
  one: (id: string) => [...ROOT, 'one', id] as const,
};

/** Outgoing emails, newest first (one status, or all), those whose address or subject holds `q`. */
export const useOutgoingEmails = (status: EmailStatus | '', q = '') =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: emailKeys.list(status, q.trim()),
      queryFn: ({ pageParam }) =>
        answer(
          api.GET('/api/admin/emails', {
            params: { query: { ...pageQuery(pageParam), ...filterParams({ status, q }) } },
          }),
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** One email as it was rendered, for the preview. */
export const useOutgoingEmail = (id: string | null) =>
  useQuery({
    queryKey: emailKeys.one(id ?? ''),
    queryFn: () =>
      answer(api.GET('/api/admin/emails/{id}', { params: { path: { id: id ?? '' } } })).then((r) => r.email),
    enabled: id !== null,
  });

/** Sends a failed email again: it is queued, and the lists show it so. */
export const useRetryEmail = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answer(api.POST('/api/admin/emails/{id}/retry', { params: { path: { id } } })).then((r) => r.email),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
};
