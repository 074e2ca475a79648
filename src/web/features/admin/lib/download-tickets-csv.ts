import { answer, api } from '@/lib/api-client';
import { type AdminTicketFilters, adminTicketFilters } from '../api/admin-queries';

/** Saves the filtered tickets as a CSV file (GET /api/admin/tickets.csv, with the bearer token). */
export async function downloadTicketsCsv(filters: AdminTicketFilters) {
  const blob = await answer(
    api.GET('/api/admin/tickets.csv', {
      params: { query: adminTicketFilters(filters) },
      headers: { accept: 'text/csv' },
      parseAs: 'blob',
    }),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `tickets-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
