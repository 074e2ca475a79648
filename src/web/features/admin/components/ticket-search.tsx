import { Download } from 'lucide-react';
import { useState } from 'react';
import type { TicketStatus } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { answer, api, toastError } from '@/lib/api-client';
import { adminTicketFilters, type PaidFilter } from '../api/admin-queries';

/** Downloads the filtered tickets as CSV (GET /api/admin/tickets.csv, with the bearer token). */
export function CsvDownloadButton({ status, q, paid }: { status: TicketStatus | ''; q: string; paid: PaidFilter }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await answer(
        api.GET('/api/admin/tickets.csv', {
          params: { query: adminTicketFilters(status, q, paid) },
          headers: { accept: 'text/csv' },
          parseAs: 'blob',
        }),
      );
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `tickets-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      toastError(err, 'Failed to download the tickets');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void download()} disabled={busy}>
      {busy ? <Spinner label="Preparing the CSV" /> : <Download aria-hidden="true" />}
      Download CSV
    </Button>
  );
}
