import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.js';

/** Keyset paging cursor: the (createdAt, id) of the last row of a page, opaque to clients. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Only times PostgreSQL can compare with a timestamptz (a JavaScript Date reaches far beyond its range).
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    const time = createdAt.getTime();
    // The id goes into the SQL as ::uuid: anything PostgreSQL would refuse is refused here, as a 400.
    if (typeof id !== 'string' || !UUID.test(id) || !(time >= EARLIEST && time <= LATEST)) throw new Error();
    return { createdAt, id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

/** Splits a `limit + 1` result into the page and the cursor of the next one. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * Splits a `limit + 1` result of a history read oldest first after an entry (`?after=`, its id) into
 * the page and the id the next page starts after.
 */
export function historyPageOf<T extends { id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** Who did what a history keeps, from its left-joined account (null once that account is gone). */
export function actorOf<R>(row: { actorId: string | null; actorName: string | null; actorRole: R | null }) {
  return row.actorId && row.actorName && row.actorRole
    ? { id: row.actorId, name: row.actorName, role: row.actorRole }
    : null;
}

/** A cursor's bound in the SQL: values, or `sql.placeholder`s for a prepared statement. */
export interface KeysetBound {
  createdAt: string | Placeholder;
  id: string | Placeholder;
}

/**
 * Rows strictly after the cursor in (createdAt desc, id desc) order: the keyset condition every list uses.
 * The database keeps microseconds but the cursor's Date only milliseconds, so the cursor row's exact
 * time is looked up by its id (rows sharing a millisecond would otherwise be skipped); the cursor's
 * own time (ISO text) is the fallback when that row is gone.
 */
export const rowsAfter = (createdAt: AnyPgColumn, id: AnyPgColumn, bound: KeysetBound): SQL =>
  sql`(${createdAt}, ${id}) < (coalesce((select ${createdAt} from ${createdAt.table} where ${id} = ${bound.id}::uuid), ${bound.createdAt}::timestamptz), ${bound.id}::uuid)`;

export const olderThan = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | undefined): SQL | undefined =>
  cursor ? rowsAfter(createdAt, id, { createdAt: cursor.createdAt.toISOString(), id: cursor.id }) : undefined;
