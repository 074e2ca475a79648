// In the viewer's own time zone, named ("27 Nov 2026, 8:15 pm IST"): the CSV, receipts and emails
// say India time, and an engineer or customer elsewhere sees at once which time this is.
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const dateTime = new Intl.DateTimeFormat('en-IN', DATE_TIME_FORMAT);

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** An amount kept in paise, in rupees: ₹99, ₹1,234.50. */
export const formatPaise = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
