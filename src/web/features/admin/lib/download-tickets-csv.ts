import { api } from '@/lib/api-client';
import { type AdminTicketFilters, adminTicketFilters } from '../api/admin-queries';

/**
 * Saves the filtered tickets as a CSV file (GET /api/admin/tickets.csv, with the bearer token), under
 * the name the server gives it (India's day: tickets-2026-03-10.csv), as lib/receipts.ts saves a PDF.
 */
export async function downloadTicketsCsv(filters: AdminTicketFilters) {
  const { data, response } = await api.GET('/api/admin/tickets.csv', {
    params: { query: adminTicketFilters(filters) },
    headers: { accept: 'text/csv' },
    parseAs: 'blob',
  });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'tickets.csv';
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
