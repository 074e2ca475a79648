import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Report } from '@shared/contracts/reports';
import { statusTitle, TICKET_STATUSES } from '@shared/tickets';
import { Card } from '@/components/ui/card';
import { minutesLabel, PROMISE_MINUTES, rupeesLabel, shortDate } from '../lib/report-dates';

/**
 * A chart with its title and description above it. `chart` is given them too: recharts makes each
 * chart a keyboard stop (its accessibility layer), named by the <title> it draws from them.
 */
function ChartCard({
  title,
  description,
  chart,
}: {
  title: string;
  description: string;
  chart: (named: { title: string; desc: string }) => React.ReactNode;
}) {
  return (
    <Card className="p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="mb-3 text-sm text-muted-foreground">{description}</p>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {chart({ title, desc: description })}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/**
 * Series colours, each 3:1 or more against the card (WCAG 1.4.11: a bar is read by its colour). The
 * legend says their names in the text's own colour, beside a swatch: a coloured word would need 4.5:1.
 */
const SERIES = {
  booked: '#2563eb',
  completed: '#15803d',
  revenue: '#c2410c',
  tickets: '#7c3aed',
  median: '#0e7490',
  p90: '#b45309',
  promise: '#dc2626',
} as const;

const legendLabel = (name: string) => <span className="text-slate-700">{name}</span>;

const count = (v: number) => v.toLocaleString('en-IN');
const rupees = (v: number) => `₹${v.toLocaleString('en-IN')}`;
/**
 * An axis wide enough for its longest label: a 12 px digit is about 7 px wide, and a label may have a
 * digit more than the data (19,000 reaches a tick of 20,000). A fixed width cut a year's "20,000" to
 * "000" (an audit at scale).
 */
const axisWidth = (max: number, format: (v: number) => string) => Math.max(32, 12 + 7 * (format(max).length + 1));

/**
 * The Reports tab's charts (recharts). This module is loaded only when the tab shows a report with
 * something in it (React.lazy in reports-tab.tsx), so the chart library is not in /admin's first load.
 * Its series are drawn at once, not animated: a slow device showed empty axes for seconds, beside the
 * figures above them, and an admin could read that as no data.
 */
export default function ReportCharts({ report }: { report: Report }) {
  const daily = report.daily.map((d) => ({ ...d, label: shortDate(d.date), revenue: d.revenuePaise / 100 }));
  const byStatus = TICKET_STATUSES.map((s) => ({ status: statusTitle(s), tickets: report.tickets.byStatus[s] }));
  // A figure with nothing behind it (no ticket assigned or completed in the range) is no bar, not a
  // bar of 0 minutes, which would read as instant. The report gives a 90th percentile for completion only.
  const times = [
    { name: 'To assign', median: report.minutesToAssign.median },
    { name: 'To complete', median: report.minutesToComplete.median, p90: report.minutesToComplete.p90 },
  ];
  const most = (values: (number | null)[]) => Math.max(0, ...values.map((v) => v ?? 0));
  const dailyMax = most(daily.flatMap((d) => [d.booked, d.completed]));
  const revenueMax = most(daily.map((d) => d.revenue));
  const statusMax = most(byStatus.map((b) => b.tickets));
  const minutesMax = most([PROMISE_MINUTES, ...times.flatMap((t) => [t.median, t.p90 ?? null])]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartCard
          title="Bookings and revenue per day"
          description="Tickets booked (bars) and fees paid (line), India time"
          chart={(named) => (
            <ComposedChart {...named} data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis
                yAxisId="tickets"
                allowDecimals={false}
                tick={{ fontSize: 12 }}
                width={axisWidth(dailyMax, count)}
                tickFormatter={count}
              />
              <YAxis
                yAxisId="revenue"
                orientation="right"
                tick={{ fontSize: 12 }}
                width={axisWidth(revenueMax, rupees)}
                tickFormatter={rupees}
              />
              <Tooltip
                formatter={(value, name) => (name === 'Revenue' ? rupeesLabel(Number(value) * 100) : String(value))}
              />
              <Legend formatter={legendLabel} />
              <Bar
                yAxisId="tickets"
                dataKey="booked"
                name="Booked"
                fill={SERIES.booked}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
              <Bar
                yAxisId="tickets"
                dataKey="completed"
                name="Completed"
                fill={SERIES.completed}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
              <Line
                yAxisId="revenue"
                dataKey="revenue"
                name="Revenue"
                stroke={SERIES.revenue}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </ComposedChart>
          )}
        />
      </div>
      <ChartCard
        title="Tickets by status"
        description="The tickets booked in the range, by their status now"
        chart={(named) => (
          <BarChart {...named} data={byStatus} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="status" tick={{ fontSize: 12 }} />
            <YAxis
              allowDecimals={false}
              tick={{ fontSize: 12 }}
              width={axisWidth(statusMax, count)}
              tickFormatter={count}
            />
            <Tooltip />
            <Bar
              dataKey="tickets"
              name="Tickets"
              fill={SERIES.tickets}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        )}
      />
      <ChartCard
        title="Minutes to assign and to complete"
        description={`Medians, and the 90th percentile of completion, against the ${PROMISE_MINUTES}-minute promise`}
        chart={(named) => (
          <BarChart {...named} data={times} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} width={axisWidth(minutesMax, count)} tickFormatter={count} />
            <Tooltip formatter={(value) => minutesLabel(Number(value))} />
            <Legend formatter={legendLabel} />
            <ReferenceLine
              y={PROMISE_MINUTES}
              // Drawn even when every bar is shorter: the axis reaches up to it.
              ifOverflow="extendDomain"
              stroke={SERIES.promise}
              strokeDasharray="4 4"
              label={{ value: `${PROMISE_MINUTES} min`, fontSize: 12, position: 'insideTopRight' }}
            />
            <Bar dataKey="median" name="Median" fill={SERIES.median} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar
              dataKey="p90"
              name="90th percentile"
              fill={SERIES.p90}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        )}
      />
    </div>
  );
}
