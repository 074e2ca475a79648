import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MainServicesResponse, SubServicesResponse } from '@shared/contracts/catalogue';
import { api } from '@/lib/api-client';

/** The public catalogue, shared by the marketing pages and the booking form. */
export const mainServicesQuery = queryOptions({
  queryKey: ['catalogue', 'main'],
  queryFn: () => api<MainServicesResponse>('/api/admin/services/main').then((r) => r.mainServices),
  staleTime: 5 * 60_000,
});

export const subServicesQuery = (mainId: string) =>
  queryOptions({
    queryKey: ['catalogue', 'sub', mainId],
    queryFn: () => api<SubServicesResponse>(`/api/admin/services/${mainId}/sub`).then((r) => r.subServices),
    staleTime: 5 * 60_000,
  });

export const useMainServices = () => useQuery(mainServicesQuery);

export const useSubServices = (mainId: string) => useQuery({ ...subServicesQuery(mainId), enabled: Boolean(mainId) });
