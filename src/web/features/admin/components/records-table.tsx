import { PanelRightOpen } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatDateTime, formatPaise } from '@/lib/format';
import type { DbRecord } from '../api/admin-queries';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Columns that hold money, in paise (payments, receipts). */
const MONEY = /^(amount|fee|total)$|(Amount|Fee|Paise)$/;

/** A nested value in a line: an object's first fields (`via: web, by: …`), a list's length. */
function summary(value: object): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} item${value.length === 1 ? '' : 's'}`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '—';
  return entries.map(([key, v]) => `${key}: ${v !== null && typeof v === 'object' ? '…' : String(v)}`).join(', ');
}

/**
 * A cell's text, read as a person would: dates in local time, paise as rupees, a uuid by its first
 * characters, nested values summarised, null (or a missing key) as an em dash. The whole value is in
 * the record's details.
 */
export function cellText(column: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return summary(value);
  if (typeof value === 'number' && MONEY.test(column)) return formatPaise(value);
  if (typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) {
    return formatDateTime(value);
  }
  if (typeof value === 'string' && UUID.test(value)) return `${value.slice(0, 8)}…`;
  return String(value);
}

/** A value in full, for the details: dates and money as in the table with the stored value beside. */
function fullText(column: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  const shown = cellText(column, value);
  if (typeof value === 'string' && UUID.test(value)) return value;
  return shown === String(value) ? shown : `${shown} (${String(value)})`;
}

/** The columns of a set of records: every key any record has, in first-seen order. */
export function columnsOf(records: DbRecord[]): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) seen.add(key);
  return [...seen];
}

function RecordDetails({
  model,
  record,
  columns,
  onClose,
}: {
  model: string;
  record: DbRecord;
  columns: string[];
  onClose(): void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`${model} record`} className="max-w-2xl">
        <dl className="grid gap-3 text-sm">
          {columns.map((column) => (
            <div key={column} className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-3">
              <dt className="font-semibold text-slate-600">{column}</dt>
              <dd className="min-w-0 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-900">
                {fullText(column, record[column])}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One model's records, one line each (a long value is cut short, whole in its tooltip); a row's
 * button, or a click on the row, shows the record in full. The table scrolls sideways inside its own
 * box, never the page.
 */
export function RecordsTable({ model, records }: { model: string; records: DbRecord[] }) {
  const columns = columnsOf(records);
  const [open, setOpen] = useState<DbRecord | null>(null);
  return (
    <>
      <div
        className="max-w-full overflow-x-auto rounded-xl border bg-white shadow-card focus-visible:outline-2 focus-visible:outline-ring"
        role="region"
        aria-label={`${model} records`}
        tabIndex={0}
      >
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{`${model} records`}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="border-b px-2 py-2.5">
                <span className="sr-only">Details</span>
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="border-b px-3 py-2.5 font-semibold whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {records.map((record, index) => (
              <tr
                key={typeof record.id === 'string' ? record.id : index}
                className="cursor-pointer hover:bg-slate-50"
                onClick={() => setOpen(record)}
                data-page-item
              >
                <td className="px-2 py-1.5">
                  <button
                    type="button"
                    className="rounded-md p-1 text-slate-500 hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={`Details of ${model} record ${index + 1}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setOpen(record);
                    }}
                  >
                    <PanelRightOpen aria-hidden="true" className="size-4" />
                  </button>
                </td>
                {columns.map((column) => {
                  const text = cellText(column, record[column]);
                  return (
                    <td key={column} className="px-3 py-1.5 font-mono text-xs text-slate-800">
                      <div className="max-w-60 truncate whitespace-nowrap" title={fullText(column, record[column])}>
                        {text}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && <RecordDetails model={model} record={open} columns={columns} onClose={() => setOpen(null)} />}
    </>
  );
}
