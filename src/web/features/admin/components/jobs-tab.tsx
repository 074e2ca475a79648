import { RotateCcw } from 'lucide-react';
import type { Job } from '@shared/contracts/jobs';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { toastError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFailedJobs, useRetryJob } from '../api/jobs-queries';

function FailedJob({ job }: { job: Job }) {
  const retry = useRetryJob();
  const attempts = job.retryCount + 1;
  const run = () =>
    retry.mutate(job.id, {
      onSuccess: () => toast.success(`${job.name} will run again`),
      onError: (err) => toastError(err, 'Failed to retry the job'),
    });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere">{job.name}</h3>
        {job.email && (
          <p className="mt-1 text-sm wrap-anywhere">
            Email to {job.email.to}: {job.email.subject}
            {job.email.status !== 'failed' && (
              <span className="text-muted-foreground"> (this email is {job.email.status} now)</span>
            )}
          </p>
        )}
        <p className="mt-1 text-sm wrap-anywhere whitespace-pre-line text-red-800">
          {job.lastError ?? 'No error was recorded.'}
        </p>
        <p className="mt-2 text-xs text-muted-foreground">
          Failed {formatDateTime(job.completedAt ?? job.createdAt)} after {attempts}{' '}
          {attempts === 1 ? 'attempt' : 'attempts'}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={run}
        disabled={retry.isPending}
        aria-label={`Retry ${job.name}`}
        className="shrink-0"
      >
        {retry.isPending ? <Spinner label="Retrying" /> : <RotateCcw aria-hidden="true" />}
        Retry
      </Button>
    </Card>
  );
}

/** Background jobs: those that failed after their retries, each with a Retry. */
export function JobsTab() {
  const query = useFailedJobs();
  if (query.isPending) return <LoadingState label="Loading failed jobs" />;
  if (!query.data)
    return <ErrorState message="We could not load the background jobs." onRetry={() => void query.refetch()} />;
  const jobs = query.data.pages.flatMap((p) => p.jobs);
  if (jobs.length === 0)
    return <EmptyState title="No failed jobs">Background jobs that fail after their retries appear here.</EmptyState>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label="Failed jobs">
        {jobs.map((job) => (
          <li key={job.id} data-page-item>
            <FailedJob job={job} />
          </li>
        ))}
      </ul>
      <LoadMore pages={query} label="jobs" />
    </div>
  );
}
