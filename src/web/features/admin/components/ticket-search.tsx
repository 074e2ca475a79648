import { Download, Search } from 'lucide-react';
import { type ComponentProps, useEffect, useState } from 'react';
import type { TicketStatus } from '@shared/tickets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiFile, toastError } from '@/lib/api-client';
import { adminTicketFilters, type PaidFilter } from '../api/admin-queries';

/** `value`, once it has stopped changing for `ms`: a search runs when the typing pauses. */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A search input with its magnifier. The field's id and aria attributes (FormField gives them to its
 * child) go on the input itself, so the label and the hint name it, not the box around it.
 */
function SearchInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input type="search" {...props} className="pl-9" />
    </div>
  );
}

/** The search box of All Tickets: number, name, email, phone or words of the description. */
export function TicketSearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  return (
    <FormField
      label="Search"
      hint="Ticket number, customer name, email, phone or description"
      className="w-full sm:max-w-sm"
    >
      <SearchInput
        value={value}
        maxLength={200}
        placeholder="RF-1001, Meera, 98765…"
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** Downloads the filtered tickets as CSV (GET /api/admin/tickets.csv, with the bearer token). */
export function CsvDownloadButton({ status, q, paid }: { status: TicketStatus | ''; q: string; paid: PaidFilter }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await apiFile(`/api/admin/tickets.csv?${adminTicketFilters(status, q, paid).slice(1)}`);
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
