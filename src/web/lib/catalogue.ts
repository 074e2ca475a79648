import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueSnapshot } from '@shared/contracts/catalogue';
import { CATALOGUE_SEED_ID } from '@shared/site-render';
import { answer, api } from '@/lib/api-client';

/** The public catalogue, shared by the marketing pages and the booking form. */
export const mainServicesQuery = queryOptions({
  queryKey: ['catalogue', 'main'],
  queryFn: () => answer(api.GET('/api/admin/services/main')).then((r) => r.mainServices),
  staleTime: 5 * 60_000,
});

export const subServicesQuery = (mainId: string) =>
  queryOptions({
    queryKey: ['catalogue', 'sub', mainId],
    queryFn: () =>
      answer(api.GET('/api/admin/services/{id}/sub', { params: { path: { id: mainId } } })).then((r) => r.subServices),
    staleTime: 5 * 60_000,
  });

export const useMainServices = () => useQuery(mainServicesQuery);

export const useSubServices = (mainId: string) => useQuery({ ...subServicesQuery(mainId), enabled: Boolean(mainId) });

/**
 * Puts a catalogue snapshot into the query cache as if just fetched: the pages that read it render
 * from it at once (the server, and the browser hydrating what the server rendered) and ask the API
 * only once it goes stale.
 */
export function seedCatalogue(client: QueryClient, catalogue: CatalogueSnapshot) {
  client.setQueryData(mainServicesQuery.queryKey, catalogue.mainServices);
  for (const main of catalogue.mainServices) {
    client.setQueryData(subServicesQuery(main.id).queryKey, catalogue.subServices[main.id] ?? []);
  }
}

/** The catalogue the server rendered this page with (plugins/web.ts), if it is a catalogue page. */
export function renderedCatalogue(): CatalogueSnapshot | undefined {
  const json = document.getElementById(CATALOGUE_SEED_ID)?.textContent;
  if (!json) return undefined;
  try {
    return JSON.parse(json) as CatalogueSnapshot;
  } catch {
    return undefined; // the page then asks the API, as a page the server did not render does
  }
}
