import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ServiceRow, services } from '../../db/schema/index.js';

export const listMainServices = (db: Db) =>
  db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(isNull(services.parentId))
    .orderBy(asc(services.createdAt), asc(services.name));

export const listSubServices = (db: Db, parentId: string) =>
  db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(eq(services.parentId, parentId))
    .orderBy(asc(services.createdAt), asc(services.name));

export async function findMainService(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isNull(services.parentId)))
    .limit(1);
  return row;
}

export async function findService(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  return row;
}

/**
 * The service row, locked for the rest of the transaction: `share` while a service is added under it
 * (it must stay a main service until then), `update` while it is itself changed. The two wait for
 * each other, so the catalogue's two-level rule holds between admins working at once.
 */
export async function lockService(tx: Db, id: string, mode: 'share' | 'update'): Promise<ServiceRow | undefined> {
  const [row] = await tx.select().from(services).where(eq(services.id, id)).for(mode).limit(1);
  return row;
}

export async function countServices(db: Db): Promise<number> {
  return db.$count(services);
}

/** Every service, in catalogue order (the oldest first), for the admin catalogue. */
export const listAllServices = (db: Db) =>
  db.select().from(services).orderBy(asc(services.createdAt), asc(services.name));

export async function insertService(db: Db, values: { name: string; parentId: string | null }) {
  const [row] = await db.insert(services).values(values).returning();
  if (!row) throw new Error('service insert returned nothing');
  return row;
}

export async function updateService(db: Db, id: string, values: { name: string; parentId: string | null }) {
  const [row] = await db.update(services).set(values).where(eq(services.id, id)).returning();
  return row;
}

export async function countSubServices(db: Db, parentId: string) {
  return db.$count(services, eq(services.parentId, parentId));
}

export async function deleteService(db: Db, id: string) {
  const rows = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
  return rows.length > 0;
}

/** Which of these service ids still exist. */
export async function existingServiceIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
  return new Set(rows.map((r) => r.id));
}
