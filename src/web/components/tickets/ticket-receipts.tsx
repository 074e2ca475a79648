import { useQuery } from '@tanstack/react-query';
import { Download, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import type { Receipt } from '@shared/contracts/receipts';
import { feeName } from '@shared/payments';
import { formatRupees } from '@shared/product';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { InlineLoading } from '@/components/ui/state';
import { toastError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { downloadReceipt, ticketReceiptsQuery } from '@/lib/receipts';
import type { ticketQueryRoots } from '@/lib/ticket-query-keys';

function DownloadButton({ receipt }: { receipt: Receipt }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await downloadReceipt(receipt);
    } catch (err) {
      toastError(err, 'Could not download the receipt. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void save()}
      disabled={busy}
      aria-label={`Download receipt ${receipt.number}`}
    >
      {busy ? <Spinner label="Downloading" /> : <Download aria-hidden="true" />}
      Download
    </Button>
  );
}

/**
 * A ticket's receipts, one per payment, each with its PDF to download (the ticket's customer and
 * admins). `enabled`: asked for only once shown.
 */
export function TicketReceipts({
  ticketId,
  root,
  enabled = true,
}: {
  ticketId: string;
  root: (typeof ticketQueryRoots)[keyof typeof ticketQueryRoots];
  enabled?: boolean;
}) {
  const query = useQuery({ ...ticketReceiptsQuery(root, ticketId), enabled });
  if (query.isPending) return <InlineLoading label="Loading receipts" />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-900">
        <p>We could not load the receipts.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">No receipts yet.</p>;
  return <ReceiptList receipts={query.data} />;
}

/** Receipts, each with its fee, amount and date and its PDF to download (also an email's attachments). */
export function ReceiptList({ receipts }: { receipts: Receipt[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {receipts.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
          <div className="flex min-w-0 items-start gap-2">
            <ReceiptText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="font-mono font-medium wrap-anywhere">{r.number}</p>
              <p className="text-xs text-muted-foreground">
                {feeName(r.kind)} · {formatRupees(r.amount)} · {formatDateTime(r.paidAt)}
              </p>
            </div>
          </div>
          <DownloadButton receipt={r} />
        </li>
      ))}
    </ul>
  );
}
