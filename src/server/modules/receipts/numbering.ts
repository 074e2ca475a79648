import { inIndia } from '../../../shared/dates.js';

/**
 * The Indian financial year (April to March, India time) a moment falls in, as receipts print it:
 * '2026-27' from 1 April 2026 00:00 IST to 31 March 2027 23:59:59 IST.
 */
export function financialYearOf(moment: Date): string {
  const india = inIndia(moment);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** RF/2026-27/000001: the year's serial, six digits (more once a year passes 999,999). */
export const receiptNumber = (financialYear: string, serial: number) =>
  `RF/${financialYear}/${String(serial).padStart(6, '0')}`;

/** The PDF's file name, as the web app saves it too. */
export { receiptFileName } from '../../../shared/contracts/receipts.js';

/** A moment as India writes it on paper: 1 Apr 2026, 09:05 IST. */
export function indiaDateTime(moment: Date): string {
  const india = inIndia(moment);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(india.getUTCHours()).padStart(2, '0');
  const mm = String(india.getUTCMinutes()).padStart(2, '0');
  return `${india.getUTCDate()} ${months[india.getUTCMonth()]} ${india.getUTCFullYear()}, ${hh}:${mm} IST`;
}
