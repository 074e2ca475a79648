import { ArrowLeft, Database, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDbModels, useDbRecords } from '../api/admin-queries';
import { RecordsTable } from './records-table';

function ModelRecords({ model }: { model: string }) {
  const records = useDbRecords(model);
  if (records.isPending) {
    // One status element with the spec's exact text (LoadingState would say it twice: visibly and for screen readers).
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Loading...
      </p>
    );
  }
  if (!records.data) {
    return (
      <ErrorState
        message={errorMessage(records.error, `We could not load the ${model} records.`)}
        onRetry={() => void records.refetch()}
      />
    );
  }
  const all = records.data.pages.flatMap((p) => p.records);
  if (all.length === 0) return <EmptyState title="No records found" />;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {all.length} {all.length === 1 ? 'record' : 'records'}, newest first
      </p>
      <RecordsTable model={model} records={all} />
      <LoadMore pages={records} label="records" />
    </div>
  );
}

/** /admin-prisma: pick a model and read its records (secrets and password hashes never leave the server). */
export default function DatabaseViewer() {
  const models = useDbModels();
  const [model, setModel] = useState('');

  return (
    <div className="mx-auto flex max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <Button asChild variant="link" size="sm" className="h-auto">
          <Link to={paths.admin}>
            <ArrowLeft aria-hidden="true" />
            Back to admin dashboard
          </Link>
        </Button>
        <h1 className="mt-2 flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Database aria-hidden="true" className="size-7 text-primary" />
          Database viewer
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">Choose a model to see its records, newest first.</p>
      </div>

      {models.isError ? (
        <ErrorState message="We could not load the list of models." onRetry={() => void models.refetch()} />
      ) : (
        <FormField label="Model" className="w-full sm:max-w-xs">
          <NativeSelect value={model} onChange={(e) => setModel(e.target.value)} disabled={models.isPending}>
            <option value="">{models.isPending ? 'Loading...' : 'Select a model'}</option>
            {models.data?.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}

      {model && <ModelRecords key={model} model={model} />}
    </div>
  );
}
