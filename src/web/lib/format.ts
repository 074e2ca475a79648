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

/** A file's size as people read it: 12 KB, 3.4 MB. */
export const formatFileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
