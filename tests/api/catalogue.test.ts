import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CATALOGUE } from '../../src/server/modules/catalogue/seed.js';
import { expectError, mainServices } from '../support/api.js';
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
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/services/main', headers: { authorization: 'Bearer junk' } });
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
      ((await t.app.inject({ method: 'GET', url: `/api/admin/services/${id}/sub` })).json() as { subServices: { id: string }[] }).subServices.map(
        (s) => s.id,
      );
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
      (await t.app.inject({ method: 'GET', url: `/api/admin/services/${main!.id}/sub` })).json() as { subServices: { id: string }[] }
    ).subServices;
    expect(subs.length).toBeGreaterThan(0);
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/services/${subs[0]!.id}/sub` }), 404);
  });
});
