import { daysInRange, type Report, type ReportQuery } from '../../../shared/contracts/reports.js';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import {
  assignmentMinutes,
  bookedByDayAndStatus,
  completedByDay,
  completionMinutes,
  engineerCompletions,
  ratingsByEngineer,
  revenueByDayAndKind,
  type Span,
} from './queries.js';

const DAY_MS = 86_400_000;

/** A date's India midnight: India keeps +05:30 all year. */
const indiaMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** Two decimals: enough for minutes and averages, without float noise in the answer. */
const round = (n: number | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

/** DECISIONS.md §7.5: the business in a date range, India time, both ends included. */
export async function buildReport(db: Db, { from, to }: ReportQuery): Promise<Report> {
  const span: Span = { start: indiaMidnight(from), end: new Date(indiaMidnight(to).getTime() + DAY_MS) };
  // One after the other: on PGlite statements take turns anyway, and on PostgreSQL a report is one
  // admin's request, not worth several pooled connections at once.
  const booked = await bookedByDayAndStatus(db, span);
  const completed = await completedByDay(db, span);
  const revenue = await revenueByDayAndKind(db, span);
  const toComplete = await completionMinutes(db, span);
  const toAssign = await assignmentMinutes(db, span);
  const engineers = await engineerCompletions(db, span);
  const ratings = await ratingsByEngineer(db, span);

  const daily = new Map<string, Report['daily'][number]>();
  const first = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < daysInRange(from, to); i++) {
    const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    daily.set(date, { date, booked: 0, completed: 0, revenuePaise: 0 });
  }
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const r of booked) {
    byStatus[r.status as TicketStatus] += Number(r.n);
    const day = daily.get(r.day);
    if (day) day.booked += Number(r.n);
  }
  for (const r of completed) {
    const day = daily.get(r.day);
    if (day) day.completed += Number(r.n);
  }
  const paid = { booking: 0, inprogress: 0 };
  for (const r of revenue) {
    paid[r.kind] += Number(r.paise);
    const day = daily.get(r.day);
    if (day) day.revenuePaise += Number(r.paise);
  }

  const people = new Map<string, Report['engineers'][number]>();
  for (const e of engineers) {
    people.set(e.id, {
      id: e.id,
      name: e.name,
      completed: Number(e.completed),
      medianMinutes: round(e.median),
      averageRating: null,
    });
  }
  let ratingTotal = 0;
  let ratingCount = 0;
  for (const r of ratings) {
    ratingTotal += Number(r.total);
    ratingCount += Number(r.n);
    if (!r.id) continue;
    const person = people.get(r.id) ?? {
      id: r.id,
      name: r.name ?? '',
      completed: 0,
      medianMinutes: null,
      averageRating: null,
    };
    person.averageRating = round(Number(r.total) / Number(r.n));
    people.set(r.id, person);
  }

  return {
    tickets: {
      booked: booked.reduce((n, r) => n + Number(r.n), 0),
      completed: completed.reduce((n, r) => n + Number(r.n), 0),
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
    daily: [...daily.values()],
  };
}
