/**
 * Calendar dates as `YYYY-MM-DD` strings, counted in whole days at UTC midnight so that no time
 * zone or daylight-saving change can shift a day. Reports name India's days this way.
 */
const DAY_MS = 86_400_000;

const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The date `n` days after `date` (before it when `n` is negative). */
export const addDays = (date: string, n: number) => new Date(midnight(date) + n * DAY_MS).toISOString().slice(0, 10);

/** The days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => Math.round((midnight(to) - midnight(from)) / DAY_MS) + 1;

/** The ISO day of the week: Monday 1 to Sunday 7. */
export const isoWeekday = (date: string) => ((new Date(midnight(date)).getUTCDay() + 6) % 7) + 1;
