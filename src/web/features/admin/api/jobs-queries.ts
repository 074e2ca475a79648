import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { pageQuery } from '@/lib/paging';

export const jobKeys = { failed: ['admin', 'jobs', 'failed'] as const };

/** Background jobs that failed for good, newest first. */
export const useFailedJobs = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: jobKeys.failed,
      queryFn: ({ pageParam }) =>
        answer(api.GET('/api/admin/jobs', { params: { query: { ...pageQuery(pageParam), state: 'failed' } } })),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** Runs a failed job again: it leaves the failed list (and comes back if it fails again). */
export const useRetryJob = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.POST('/api/admin/jobs/{id}/retry', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.failed }),
  });
};
