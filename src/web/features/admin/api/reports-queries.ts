import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export const reportKeys = { range: (from: string, to: string) => ['admin', 'reports', from, to] as const };

/** GET /api/admin/reports for a date range (India time, both ends included). */
export const useReport = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: reportKeys.range(from, to),
    queryFn: () => answer(api.GET('/api/admin/reports', { params: { query: { from, to } } })),
    enabled,
    // The last range stays on screen while the next one loads, so the charts do not blink away.
    placeholderData: keepPreviousData,
  });
