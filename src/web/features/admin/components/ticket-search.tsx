import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import type { AdminTicketFilters } from '../api/admin-queries';

/** Downloads the filtered tickets as CSV; the code that does it loads on the first press. */
export function CsvDownloadButton({ filters }: { filters: AdminTicketFilters }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadTicketsCsv } = await import('../lib/download-tickets-csv');
      await downloadTicketsCsv(filters);
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
