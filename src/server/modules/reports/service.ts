import type { Report, ReportQuery } from '../../../shared/contracts/reports.js';
import { addDays, daysInRange } from '../../../shared/dates.js';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import { reportPercentile, reportPercentiles, reportSums } from './queries.js';

/** Two decimals: enough for minutes and averages, without float noise in the answer. */
const round = (n: number | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

/** DECISIONS.md §7.5: the business in a date range, India time, both ends included. */
export async function buildReport(db: Db, { from, to }: ReportQuery): Promise<Report> {
  // One after the other: on PGlite statements take turns anyway, and on PostgreSQL a report is one
  // admin's request, not worth two pooled connections at once.
  const sums = await reportSums(db, { from, to });
  const percentiles = await reportPercentiles(db, { from, to });
  for (const missed of percentiles.filter((m) => m.missed))
    missed.value = await reportPercentile(db, { from, to }, missed);

  const daily = new Map<string, Report['daily'][number]>();
  for (let i = 0; i < daysInRange(from, to); i++) {
    const date = addDays(from, i);
    daily.set(date, { date, booked: 0, completed: 0, revenuePaise: 0 });
  }
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  const paid = { booking: 0, inprogress: 0 };
  const people = new Map<string, Report['engineers'][number]>();
  const person = (id: string, name: string | null) => {
    const known = people.get(id) ?? { id, name: name ?? '', completed: 0, medianMinutes: null, averageRating: null };
    people.set(id, known);
    return known;
  };
  let ratingTotal = 0;
  let ratingCount = 0;
  for (const r of sums) {
    const n = Number(r.n);
    const total = Number(r.total);
    if (r.day !== null) {
      // Per day: the charts' series.
      const day = daily.get(r.day);
      if (!day) continue;
      if (r.measure === 'booked') day.booked += n;
      else if (r.measure === 'completed') day.completed += n;
      else if (r.measure === 'paid') day.revenuePaise += total;
    } else if (r.measure === 'booked') byStatus[r.key as TicketStatus] += n;
    else if (r.measure === 'paid') paid[r.key as keyof typeof paid] += total;
    else if (r.measure === 'completed' && r.key && r.name !== null) person(r.key, r.name).completed += n;
    else if (r.measure === 'rated') {
      ratingTotal += total;
      ratingCount += n;
      // A rating whose engineer's account is gone counts in the average only.
      if (r.key) person(r.key, r.name).averageRating = round(total / n);
    }
  }
  const toComplete: { median: number | null; p90: number | null } = { median: null, p90: null };
  let toAssign: number | null = null;
  for (const m of percentiles) {
    if (m.measure === 'assigned') toAssign = m.value;
    else if (m.key !== null) {
      const known = people.get(m.key);
      if (known) known.medianMinutes = round(m.value);
    } else if (Number(m.p) === 0.5) toComplete.median = m.value;
    else toComplete.p90 = m.value;
  }
  const days = [...daily.values()];

  return {
    tickets: {
      booked: days.reduce((n, d) => n + d.booked, 0),
      completed: days.reduce((n, d) => n + d.completed, 0),
      byStatus,
    },
    revenue: {
      bookingPaise: paid.booking,
      inProgressPaise: paid.inprogress,
      totalPaise: paid.booking + paid.inprogress,
    },
    minutesToAssign: { median: round(toAssign) },
    minutesToComplete: { median: round(toComplete.median), p90: round(toComplete.p90) },
    ratings: { average: ratingCount ? round(ratingTotal / ratingCount) : null, count: ratingCount },
    engineers: [...people.values()].sort((a, b) => b.completed - a.completed || a.name.localeCompare(b.name)),
    daily: days,
  };
}
