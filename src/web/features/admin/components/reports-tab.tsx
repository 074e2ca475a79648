import { lazy, Suspense, useState } from 'react';
import { REPORT_MAX_DAYS, type Report, reportQuerySchema } from '@shared/contracts/reports';
import { addDays, daysInRange, indiaToday } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { useAppNavigation } from '@/lib/navigation';
import { useSetSearchParam } from '@/lib/use-search-param';
import { useReport } from '../api/reports-queries';
import { minutesLabel, PROMISE_MINUTES, rupeesLabel } from '../lib/report-dates';

// recharts is large: it loads with this tab's first report, never with /admin itself.
const ReportCharts = lazy(() => import('./report-charts'));

const PRESETS = [
  { label: 'Today', days: 1 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
] as const;

function rangeError(from: string, to: string): string | undefined {
  if (!from || !to) return 'Choose both dates';
  if (from > to) return 'The start must not be after the end';
  if (daysInRange(from, to) > REPORT_MAX_DAYS) return `Choose at most ${REPORT_MAX_DAYS} days`;
  return undefined;
}

const isEmpty = (r: Report) =>
  r.tickets.booked === 0 && r.tickets.completed === 0 && r.revenue.totalPaise === 0 && r.ratings.count === 0;

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight">{value}</p>
      {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
    </Card>
  );
}

function EngineersTable({ engineers }: { engineers: Report['engineers'] }) {
  if (engineers.length === 0) return null;
  return (
    <Card className="overflow-x-auto p-4">
      <h3 className="mb-3 font-semibold">Engineers</h3>
      {/* No minimum width: on a phone its four columns wrap their headings rather than hide the last. */}
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Engineer
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Completed
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Median time
            </th>
            <th scope="col" className="py-2 font-medium">
              Average rating
            </th>
          </tr>
        </thead>
        <tbody>
          {engineers.map((e) => (
            <tr key={e.id} className="border-t">
              <th scope="row" className="py-2 pr-4 font-medium wrap-anywhere">
                {e.name}
              </th>
              <td className="py-2 pr-4">{e.completed}</td>
              <td className="py-2 pr-4">{minutesLabel(e.medianMinutes)}</td>
              <td className="py-2">{e.averageRating === null ? '—' : `${e.averageRating.toFixed(1)} / 5`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function ReportView({ report }: { report: Report }) {
  if (isEmpty(report))
    return (
      <EmptyState title="Nothing in this range">
        No tickets were booked or completed, and nothing was paid or rated. Choose another range.
      </EmptyState>
    );
  const { tickets, revenue, minutesToAssign, minutesToComplete, ratings } = report;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label="Booked" value={String(tickets.booked)} note={`${tickets.completed} completed`} />
        <Figure
          label="Revenue"
          value={rupeesLabel(revenue.totalPaise)}
          note={`${rupeesLabel(revenue.bookingPaise)} bookings · ${rupeesLabel(revenue.inProgressPaise)} in-progress fees`}
        />
        <Figure label="Median time to assign" value={minutesLabel(minutesToAssign.median)} />
        <Figure
          label="Median time to complete"
          value={minutesLabel(minutesToComplete.median)}
          note={`90% within ${minutesLabel(minutesToComplete.p90)} (promise: ${PROMISE_MINUTES} min)`}
        />
        <Figure
          label="Average rating"
          value={ratings.average === null ? '—' : `${ratings.average.toFixed(1)} / 5`}
          note={`${ratings.count} ${ratings.count === 1 ? 'rating' : 'ratings'}`}
        />
      </div>
      <Suspense fallback={<LoadingState label="Loading charts" />}>
        <ReportCharts report={report} />
      </Suspense>
      <EngineersTable engineers={report.engineers} />
    </div>
  );
}

/** Reports: bookings, revenue, speed and ratings over a date range (India time), with charts. */
export function ReportsTab() {
  const today = indiaToday();
  // The range is kept in the address (`&from=…&to=…`), as the lists' filters are: a reload or a
  // shared link shows the same report. Written only once it is a range the report takes.
  const { search } = useAppNavigation();
  const keep = useSetSearchParam();
  // Taken only if the report takes it (the server's own rule: no 2026-02-30, from ≤ to, …); else the
  // last 30 days, rather than a request bound to fail.
  const [asked] = useState(() => {
    const params = new URLSearchParams(search);
    const range = reportQuerySchema.safeParse({ from: params.get('from'), to: params.get('to') });
    return range.success ? range.data : { from: addDays(today, -29), to: today };
  });
  const [from, setFrom] = useState(asked.from);
  const [to, setTo] = useState(asked.to);
  const error = rangeError(from, to);
  const query = useReport(from, to, !error);
  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (rangeError(nextFrom, nextTo)) return;
    keep('from', nextFrom);
    keep('to', nextTo);
  };
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
          {PRESETS.map((p) => (
            <Button
              key={p.label}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => change(addDays(today, -(p.days - 1)), today)}
            >
              {p.label}
            </Button>
          ))}
        </div>
        {/* Top-aligned: a message under one date does not move the other. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField label="From" className="sm:w-44" error={error && from > to ? error : undefined}>
            <Input type="date" value={from} max={to || today} onChange={(e) => change(e.target.value, to)} />
          </FormField>
          <FormField label="To" className="sm:w-44" error={error && !(from > to) ? error : undefined}>
            <Input type="date" value={to} min={from} onChange={(e) => change(from, e.target.value)} />
          </FormField>
        </div>
      </Card>
      {error ? null : query.isPending ? (
        <LoadingState label="Loading the report" />
      ) : !query.data ? (
        <ErrorState message="We could not load the report." onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching} aria-live="polite">
          <ReportView report={query.data} />
        </div>
      )}
    </div>
  );
}
