import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, notifyCatalogueChange } from '../../src/server/events/catalogue-notices.js';
import { createTestAppWithAdmins, type Session } from '../support/api.js';
import { del, patch, post } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// Every instance renders the catalogue into its marketing pages (plugins/web.ts) and renders them
// again when it hears 'rf_catalogue': an admin's change is announced by the transaction that makes
// it, so it is heard once it has committed, and never if it rolled back.

let t: TestApp;
let admin: Session;
let heard: string[] = [];
let unlisten: () => void;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  unlisten = await t.database.listener.on(CATALOGUE_CHANNEL, (payload) => heard.push(payload));
});
afterAll(async () => {
  unlisten();
  await t.close();
});

/**
 * What was heard once the database has surely delivered everything sent before now: a marker
 * notice, sent after, arrives after them (PostgreSQL delivers notifications in commit order).
 */
async function heardSoFar(): Promise<string[]> {
  await t.database.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'marker')`);
  await expect.poll(() => heard.at(-1), { timeout: 5000 }).toBe('marker');
  const notices = heard.slice(0, -1);
  heard = [];
  return notices;
}

async function addService(name: string, parentId: string | null = null) {
  const res = await post(t, '/api/admin/services', { name, parentId }, admin.headers);
  expect(res.statusCode).toBe(201);
  return res.json().service as { id: string };
}

/** The status of an admin's edit of service `id`. */
const edit = async (id: string, name: string, parentId: string | null) =>
  (await patch(t, `/api/admin/services/${id}`, { name, parentId }, admin.headers)).statusCode;

/** The status of an admin's delete of service `id`. */
const remove = async (id: string) => (await del(t, `/api/admin/services/${id}`, admin.headers)).statusCode;

describe("an admin's change to the catalogue is announced on 'rf_catalogue'", () => {
  it('once for each committed add, rename, move and delete', async () => {
    await heardSoFar();
    const main = await addService('Printers');
    expect(await heardSoFar()).toEqual(['']);
    const sub = await addService('Paper jams', main.id);
    expect(await heardSoFar()).toEqual(['']);
    expect(await edit(sub.id, 'Paper feed', main.id)).toBe(200);
    expect(await heardSoFar()).toEqual(['']);
    const other = await addService('Scanners');
    await heardSoFar();
    expect(await edit(sub.id, 'Paper feed', other.id)).toBe(200);
    expect(await heardSoFar()).toEqual(['']);
    // A main service with its sub-services: one change, one notice.
    expect(await remove(other.id)).toBe(200);
    expect(await heardSoFar()).toEqual(['']);
    expect(await remove(main.id)).toBe(200);
    expect(await heardSoFar()).toEqual(['']);
  });

  it('not at all for a refused change (rolled back), nor for a read', async () => {
    const main = await addService('Monitors');
    await addService('Dead pixels', main.id);
    const other = await addService('Keyboards');
    await heardSoFar();
    // 409 duplicate name, 409 a main service with sub-services made a sub-service, 400 bad parent, 404.
    const duplicate = await post(t, '/api/admin/services', { name: 'monitors', parentId: null }, admin.headers);
    expect(duplicate.statusCode).toBe(409);
    expect(await edit(main.id, 'Monitors', other.id)).toBe(409);
    expect(await edit(main.id, 'Monitors', main.id)).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await edit(unknown, 'X', null)).toBe(404);
    expect(await remove(unknown)).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/services/main' })).statusCode).toBe(200);
    expect(await heardSoFar()).toEqual([]);
  });

  it('is sent on commit only: a transaction that announces and then rolls back is never heard', async () => {
    await heardSoFar();
    await expect(
      t.database.db.transaction(async (tx) => {
        await notifyCatalogueChange(tx);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await heardSoFar()).toEqual([]);
    await t.database.db.transaction(async (tx) => notifyCatalogueChange(tx));
    expect(await heardSoFar()).toEqual(['']);
  });
});
