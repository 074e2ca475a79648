import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailResponse, EmailsResponse, EmailStatus, EmailSummary } from '@shared/contracts/emails';
import { api } from '@/lib/api-client';
import { filterParams, pageUrl } from '@/lib/paging';

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
        api<EmailsResponse>(pageUrl('/api/admin/emails', pageParam, filterParams({ status, q }))),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** One email as it was rendered, for the preview. */
export const useOutgoingEmail = (id: string | null) =>
  useQuery({
    queryKey: emailKeys.one(id ?? ''),
    queryFn: () => api<EmailResponse>(`/api/admin/emails/${id}`).then((r) => r.email),
    enabled: id !== null,
  });

/** Sends a failed email again: it is queued, and the lists show it so. */
export const useRetryEmail = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ email: EmailSummary }>(`/api/admin/emails/${id}/retry`, { method: 'POST' }).then((r) => r.email),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
};
