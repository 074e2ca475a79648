import type { CatalogueSnapshot } from '../../../shared/contracts/catalogue.js';
import type { Db } from '../../db/client.js';
import type { ServiceRow } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findMainService, findService, listAllServices, listSubServices } from './queries.js';

/** The whole public catalogue in one read, as the two public calls list it (the marketing pages' HTML). */
export async function publicCatalogue(db: Db): Promise<CatalogueSnapshot> {
  const snapshot: CatalogueSnapshot = { mainServices: [], subServices: {} };
  const all = await listAllServices(db);
  for (const s of all) if (!s.parentId) snapshot.mainServices.push({ id: s.id, name: s.name });
  for (const main of snapshot.mainServices) snapshot.subServices[main.id] = [];
  for (const s of all) if (s.parentId) snapshot.subServices[s.parentId]?.push({ id: s.id, name: s.name });
  return snapshot;
}

export async function subServicesOf(db: Db, mainId: string) {
  if (!(await findMainService(db, mainId))) throw notFound('Service category not found');
  return listSubServices(db, mainId);
}

/** A main service and one of its own sub-services, or a 400 that says which part is wrong. */
export async function resolveServicePair(
  db: Db,
  mainServiceId: string,
  subServiceId: string,
): Promise<{ main: ServiceRow; sub: ServiceRow }> {
  const [main, sub] = await Promise.all([findMainService(db, mainServiceId), findService(db, subServiceId)]);
  if (!main) throw badRequest('Choose a valid service category');
  if (!sub || sub.parentId !== main.id) throw badRequest('The issue type does not belong to the chosen category');
  return { main, sub };
}
