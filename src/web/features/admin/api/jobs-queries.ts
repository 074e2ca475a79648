import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobResponse, JobsResponse } from '@shared/contracts/jobs';
import { api } from '@/lib/api-client';
import { pageUrl } from '@/lib/paging';

export const jobKeys = { failed: ['admin', 'jobs', 'failed'] as const };

/** Background jobs that failed for good, newest first. */
export const useFailedJobs = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: jobKeys.failed,
      queryFn: ({ pageParam }) => api<JobsResponse>(pageUrl('/api/admin/jobs', pageParam, '&state=failed')),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** Runs a failed job again: it leaves the failed list (and comes back if it fails again). */
export const useRetryJob = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<JobResponse>(`/api/admin/jobs/${id}/retry`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.failed }),
  });
};
