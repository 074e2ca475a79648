import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../src/server/db/schema/index.js';
import { SEED_CATALOGUE } from '../../src/server/modules/catalogue/seed.js';
import { createTestAppWithAdmins, expectError, mainServices, type Session, subServices } from '../support/api.js';
import { del, get, patch, post } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /api/admin/services/main', () => {
  it('is public and lists the seeded main services as { id, name }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/services/main' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as { mainServices: { id: string; name: string }[] };
    expect(Object.keys(body)).toEqual(['mainServices']);
    expect(body.mainServices.length).toBeGreaterThanOrEqual(6);
    for (const s of body.mainServices) {
      expect(Object.keys(s).sort()).toEqual(['id', 'name']);
      expect(s.id).toMatch(UUID);
      expect(s.name.length).toBeGreaterThan(0);
    }
    // The seed, in its listed order, and no sub-service among the main services.
    expect(body.mainServices.map((s) => s.name)).toEqual(SEED_CATALOGUE.map((m) => m.name));
    expect(new Set(body.mainServices.map((s) => s.id)).size).toBe(body.mainServices.length);
  });

  it('ignores a bearer token, even a bad one (public route)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/services/main',
      headers: { authorization: 'Bearer junk' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/admin/services/{id}/sub', () => {
  it('is public and lists the sub-services of each main service as { id, name }', async () => {
    const mains = await mainServices(t.app);
    for (const main of mains) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/services/${main.id}/sub` });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { subServices: { id: string; name: string }[] };
      expect(Object.keys(body)).toEqual(['subServices']);
      for (const s of body.subServices) {
        expect(Object.keys(s).sort()).toEqual(['id', 'name']);
        expect(s.id).toMatch(UUID);
      }
      const seeded = SEED_CATALOGUE.find((m) => m.name === main.name);
      expect(seeded).toBeDefined();
      expect(body.subServices.map((s) => s.name)).toEqual(seeded?.subServices);
    }
  });

  it('keeps each main service to its own sub-services', async () => {
    const [first, second] = await mainServices(t.app);
    const subsOf = async (id: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/admin/services/${id}/sub` })).json() as {
          subServices: { id: string }[];
        }
      ).subServices.map((s) => s.id);
    const a = await subsOf(first!.id);
    const b = await subsOf(second!.id);
    expect(a.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1", '00000000-0000-0000-0000-00000000000g'])(
    'answers 400 { error } for the non-uuid id %j',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/services/${encodeURIComponent(id)}/sub` });
      expectError(res, 400);
    },
  );

  it('answers 404 { error } for an unknown uuid', async () => {
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/services/${randomUUID()}/sub` }), 404);
  });

  it('answers 404 { error } for the id of a sub-service (not a main service)', async () => {
    const [main] = await mainServices(t.app);
    const subs = (
      (await t.app.inject({ method: 'GET', url: `/api/admin/services/${main!.id}/sub` })).json() as {
        subServices: { id: string }[];
      }
    ).subServices;
    expect(subs.length).toBeGreaterThan(0);
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/services/${subs[0]!.id}/sub` }), 404);
  });
});

describe('catalogue admin: PATCH and DELETE /api/admin/services/{id}', () => {
  // An app of its own: these tests add, rename, move and delete services, and the tests above pin
  // the public catalogue to the seed.
  let t: TestApp;
  /** The boot superadmin (ADMIN_EMAIL), and a plain admin. */
  let superadmin: { authorization: string };
  let admin: Session;

  beforeAll(async () => {
    ({ t, superadmin, admin } = await createTestAppWithAdmins());
  });
  afterAll(() => t.close());

  type Service = { id: string; name: string; parentId: string | null };

  async function addService(name: string, parentId: string | null = null): Promise<Service> {
    const res = await post(t, '/api/admin/services', { name, parentId }, admin.headers);
    if (res.statusCode !== 201) throw new Error(`add service: ${res.statusCode} ${res.body}`);
    return res.json().service as Service;
  }

  const editService = (id: string, name: string, parentId: string | null) =>
    patch(t, `/api/admin/services/${id}`, { name, parentId }, admin.headers);

  const names = (list: { name: string }[]) => list.map((s) => s.name);

  async function catalogue() {
    const res = await get(t, '/api/admin/services/all', admin.headers);
    expect(res.statusCode).toBe(200);
    return res.json().mainServices as { id: string; name: string; subServices: Service[] }[];
  }

  it('renames a main service and a sub-service, and the catalogue reads the new names back', async () => {
    const main = await addService('Printers');
    const sub = await addService('Paper jams', main.id);

    const renamedSub = await editService(sub.id, 'Paper feed', main.id);
    expect(renamedSub.statusCode).toBe(200);
    expect(renamedSub.json()).toEqual({
      service: { id: sub.id, name: 'Paper feed', parentId: main.id },
    });
    const renamedMain = await editService(main.id, '  Printers and scanners  ', null);
    expect(renamedMain.json()).toEqual({
      service: { id: main.id, name: 'Printers and scanners', parentId: null },
    });

    const mains = await mainServices(t.app);
    expect(mains).toContainEqual({ id: main.id, name: 'Printers and scanners' });
    expect(names(mains)).not.toContain('Printers');
    expect(await subServices(t.app, main.id)).toEqual([{ id: sub.id, name: 'Paper feed' }]);
    expect((await catalogue()).find((m) => m.id === main.id)).toEqual({
      id: main.id,
      name: 'Printers and scanners',
      subServices: [{ id: sub.id, name: 'Paper feed', parentId: main.id }],
    });
  });

  it('takes only a main service as the parent: a sub-service, an unknown id or itself is 400', async () => {
    const main = await addService('Monitors');
    const sub = await addService('Dead pixels', main.id);
    const other = await addService('Keyboards');

    expectError(await editService(other.id, 'Keyboards', sub.id), 400, 'The parent category must be a main service');
    expectError(
      await editService(other.id, 'Keyboards', randomUUID()),
      400,
      'The parent category must be a main service',
    );
    expectError(await editService(other.id, 'Keyboards', other.id), 400, 'A service cannot be its own parent category');
    expectError(
      await post(t, '/api/admin/services', { name: 'Flicker', parentId: sub.id }, admin.headers),
      400,
      'The parent category must be a main service',
    );

    expect(await subServices(t.app, main.id)).toEqual([{ id: sub.id, name: 'Dead pixels' }]);
    // The sub-service is still a sub-service: it has no sub-list of its own.
    expectError(await get(t, `/api/admin/services/${sub.id}/sub`), 404);
    expect(await mainServices(t.app)).toContainEqual({ id: other.id, name: 'Keyboards' });

    // A main service with no sub-services may move under another main service.
    const moved = await editService(other.id, 'Keyboards', main.id);
    expect(moved.json()).toEqual({
      service: { id: other.id, name: 'Keyboards', parentId: main.id },
    });
    expect(names(await subServices(t.app, main.id))).toEqual(['Dead pixels', 'Keyboards']);
    expect(names(await mainServices(t.app))).not.toContain('Keyboards');
  });

  it('refuses with 409 to make a main service that has sub-services a sub-service', async () => {
    const parent = await addService('Networking');
    const child = await addService('Routers', parent.id);
    const target = await addService('Peripherals');

    expectError(
      await editService(parent.id, 'Networking', target.id),
      409,
      'Move or delete this category’s sub-services before making it a sub-service',
    );
    const after = await catalogue();
    expect(after.find((m) => m.id === parent.id)).toEqual({
      id: parent.id,
      name: 'Networking',
      subServices: [{ id: child.id, name: 'Routers', parentId: parent.id }],
    });
    expect(after.find((m) => m.id === target.id)?.subServices).toEqual([]);
  });

  it('stays two levels deep when a sub-service is added to a category that is made a sub-service at that moment', async () => {
    // Two admins at once: one adds a sub-service under M while the other moves M under N. Whichever
    // comes second must see the first (one of them is refused), or the new service hangs three deep.
    const target = await addService('Two-level target');
    const rows = async () => (await t.database.db.select().from(services)) as Service[];
    for (let round = 0; round < 12; round++) {
      const m = await addService(`Two-level category ${round}`);
      await Promise.all([
        post(t, '/api/admin/services', { name: `Two-level child ${round}`, parentId: m.id }, admin.headers),
        editService(m.id, `Two-level category ${round}`, target.id),
      ]);
    }
    const all = await rows();
    const parentOf = new Map(all.map((r) => [r.id, r.parentId]));
    const threeDeep = all.filter((r) => r.parentId && parentOf.get(r.parentId));
    expect(threeDeep).toEqual([]);
  });

  it('answers 409 to a duplicate name: among main services, and among one main service’s sub-services, ignoring case', async () => {
    const servers = await addService('Servers');
    const storage = await addService('Storage');
    const backups = await addService('Backups', servers.id);
    const raid = await addService('RAID', servers.id);
    const disks = await addService('Disks', storage.id);
    const DUPLICATE = 'A service with this name already exists here';

    expectError(await editService(storage.id, '  servers ', null), 409, DUPLICATE);
    expectError(await editService(raid.id, 'BACKUPS', servers.id), 409, DUPLICATE);
    // Moving a sub-service under a main service that has one of that name is the same clash.
    expect((await editService(disks.id, 'Backups', storage.id)).statusCode).toBe(200);
    expectError(await editService(disks.id, 'Backups', servers.id), 409, DUPLICATE);
    expectError(
      await post(t, '/api/admin/services', { name: 'STORAGE', parentId: null }, admin.headers),
      409,
      DUPLICATE,
    );

    const after = await catalogue();
    expect(after.find((m) => m.id === storage.id)?.name).toBe('Storage');
    expect(after.find((m) => m.id === storage.id)?.subServices).toEqual([
      { id: disks.id, name: 'Backups', parentId: storage.id },
    ]);
    expect(after.find((m) => m.id === servers.id)?.subServices).toEqual([
      { id: backups.id, name: 'Backups', parentId: servers.id },
      { id: raid.id, name: 'RAID', parentId: servers.id },
    ]);

    // The rule's scope: the same name under another main service, a sub-service named like a main
    // service, and a change of case of a service's own name are all fine.
    const asMain = await editService(raid.id, 'Storage', servers.id);
    expect(asMain.json()).toEqual({
      service: { id: raid.id, name: 'Storage', parentId: servers.id },
    });
    const recased = await editService(storage.id, 'STORAGE', null);
    expect(recased.json()).toEqual({
      service: { id: storage.id, name: 'STORAGE', parentId: null },
    });
  });

  it('answers 404 to DELETE (and PATCH) of an unknown id, and deletes nothing', async () => {
    const before = await catalogue();
    const unknown = randomUUID();
    expectError(await del(t, `/api/admin/services/${unknown}`, admin.headers), 404, 'Service not found');
    expectError(await editService(unknown, 'Ghost', null), 404, 'Service not found');
    expect(await catalogue()).toEqual(before);

    // A service deleted once is unknown the second time.
    const gone = await addService('Fax machines');
    expect((await del(t, `/api/admin/services/${gone.id}`, admin.headers)).json()).toEqual({
      success: true,
    });
    expectError(await del(t, `/api/admin/services/${gone.id}`, superadmin), 404, 'Service not found');
    expect(await catalogue()).toEqual(before);
  });
});
