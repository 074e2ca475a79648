import type { DbRecord } from '../api/admin-queries';

/** A cell's text: objects as compact JSON, null (or a missing key) as an em dash. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The columns of a set of records: every key any record has, in first-seen order. */
export function columnsOf(records: DbRecord[]): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) seen.add(key);
  return [...seen];
}

/** One model's records. The table scrolls sideways inside its own box, never the page. */
export function RecordsTable({ model, records }: { model: string; records: DbRecord[] }) {
  const columns = columnsOf(records);
  return (
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
              className="align-top hover:bg-slate-50"
              data-page-item
            >
              {columns.map((column) => {
                const text = cellText(record[column]);
                return (
                  <td key={column} className="px-3 py-2 font-mono text-xs text-slate-800">
                    <div className="w-max max-w-xs wrap-anywhere whitespace-pre-wrap">{text}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
