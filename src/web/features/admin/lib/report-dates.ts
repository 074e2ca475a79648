/** 10 Mar, as a chart's axis shows a date. */
export const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The minutes the site promises for most fixes (its marketing pages say so): Reports measure against it. */
export const PROMISE_MINUTES = 30;

/** Whole rupees, grouped the Indian way: ₹1,23,456. */
export const rupeesLabel = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`;

/** Minutes as people say them: 45 min, 2 h 5 min; a dash when there is no figure. */
export function minutesLabel(minutes: number | null): string {
  if (minutes === null) return '—';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}
