import type { Db } from '../../db/client.js';
import { notifyCatalogueChange } from '../../events/catalogue-notices.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  countSubServices,
  deleteService,
  lockService,
  insertService,
  listAllServices,
  updateService,
} from './queries.js';

/** Main services with their sub-services, in catalogue order. */
export async function fullCatalogue(db: Db) {
  const all = await listAllServices(db);
  const mains = all.filter((s) => !s.parentId);
  return mains.map((m) => ({
    id: m.id,
    name: m.name,
    subServices: all.filter((s) => s.parentId === m.id).map((s) => ({ id: s.id, name: s.name, parentId: m.id })),
  }));
}

const DUPLICATE = 'A service with this name already exists here';

/** The catalogue has two levels: a parent must be a main service, locked as one until the change is made. */
async function lockParent(tx: Db, parentId: string | null, selfId?: string) {
  if (parentId === null) return;
  if (parentId === selfId) throw badRequest('A service cannot be its own parent category');
  const parent = await lockService(tx, parentId, 'share');
  if (!parent || parent.parentId !== null) throw badRequest('The parent category must be a main service');
}

/**
 * Runs `change` in a transaction that announces it (every instance renders its marketing pages
 * again once it commits); a name taken among its siblings is a 409.
 */
async function changeCatalogue<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await change(tx);
      await notifyCatalogueChange(tx);
      return result;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE);
    throw err;
  }
}

const toService = (row: { id: string; name: string; parentId: string | null }) => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
});

export async function addService(db: Db, input: { name: string; parentId: string | null }) {
  return changeCatalogue(db, async (tx) => {
    await lockParent(tx, input.parentId);
    return toService(await insertService(tx, input));
  });
}

export async function editService(db: Db, id: string, input: { name: string; parentId: string | null }) {
  return changeCatalogue(db, async (tx) => {
    const current = await lockService(tx, id, 'update');
    if (!current) throw notFound('Service not found');
    await lockParent(tx, input.parentId, id);
    if (!current.parentId && input.parentId && (await countSubServices(tx, id)) > 0) {
      throw conflict('Move or delete this category’s sub-services before making it a sub-service');
    }
    const row = await updateService(tx, id, input);
    if (!row) throw notFound('Service not found');
    return toService(row);
  });
}

/**
 * Deletes a service and (by the foreign key's cascade) its sub-services. Tickets and requests that
 * pointed at them keep the service names they stored; only their ids are cleared.
 */
export async function removeService(db: Db, id: string) {
  await changeCatalogue(db, async (tx) => {
    if (!(await deleteService(tx, id))) throw notFound('Service not found');
  });
}
