/**
 * Calendar dates as `YYYY-MM-DD` strings, counted in whole days at UTC midnight so that no time
 * zone or daylight-saving change can shift a day. Reports name India's days this way.
 */
const DAY_MS = 86_400_000;

const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** India Standard Time: UTC+5:30 all year (India keeps no daylight saving time). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** A Date whose UTC fields read India's wall clock at `moment` (its getUTC… methods, toISOString). */
export const inIndia = (moment: Date) => new Date(moment.getTime() + INDIA_OFFSET_MS);

/** Today's date in India (YYYY-MM-DD): reports, receipts and exports count India's days. */
export const indiaToday = () => inIndia(new Date()).toISOString().slice(0, 10);

/** The date `n` days after `date` (before it when `n` is negative). */
export const addDays = (date: string, n: number) => new Date(midnight(date) + n * DAY_MS).toISOString().slice(0, 10);

/** The days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => Math.round((midnight(to) - midnight(from)) / DAY_MS) + 1;

/** The ISO day of the week: Monday 1 to Sunday 7. */
export const isoWeekday = (date: string) => ((new Date(midnight(date)).getUTCDay() + 6) % 7) + 1;
