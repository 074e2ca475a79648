import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINEER_PICKER_LIMIT, type Engineer } from '../../src/shared/contracts/admin.js';
import { users } from '../../src/server/db/schema/index.js';
import { createTestAppWithAdmins, expectError, signUp, uniqueEmail, type Session } from '../support/api.js';
import type { TestApp } from '../support/test-app.js';

/**
 * GET /api/admin/engineers, the admin's engineer picker: engineers only, by name then email, at most
 * ENGINEER_PICKER_LIMIT of them with `more` saying whether others match, and `q` to narrow them by
 * any part of the name or email. (Who may call it: role-matrix.test.ts.)
 */

let t: TestApp;
let admin: Session;
const run = Date.now().toString(36);

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
});
afterAll(() => t.close());

type Answer = { engineers: Engineer[]; more: boolean };

async function pick(query = ''): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/engineers${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

/** Engineer accounts written straight to the database (no argon2id per account: they never log in). */
async function addEngineers(names: string[]) {
  await t.database.db.insert(users).values(
    names.map((name, i) => ({
      name,
      email: uniqueEmail(`picker-${i}`),
      phone: '+91 97000 00000',
      role: 'engineer' as const,
    })),
  );
}

describe('GET /api/admin/engineers', () => {
  it('lists engineers only, by name and then email, and says when none are left out', async () => {
    await signUp(t, { name: `Aaron Customer ${run}` });
    const engineers = [`Zoya Iyer ${run}`, `Arjun Nair ${run}`, `Arjun Nair ${run}`];
    for (const name of engineers) await signUp(t, { name }, 'engineer');

    const { engineers: listed, more } = await pick(`?q=${run}`);
    expect(listed.map((e) => e.name)).toEqual([`Arjun Nair ${run}`, `Arjun Nair ${run}`, `Zoya Iyer ${run}`]);
    expect(more).toBe(false);
    expect(Object.keys(listed[0]!).sort()).toEqual(['email', 'id', 'name', 'phone']);
  });

  it(`lists at most ${ENGINEER_PICKER_LIMIT} with more: true past that, and q finds the rest by name or email, in any case`, async () => {
    const crowd = Array.from(
      { length: ENGINEER_PICKER_LIMIT + 5 },
      (_, i) => `Crowd ${run} ${String(i).padStart(3, '0')}`,
    );
    await addEngineers(crowd);

    const first = await pick();
    expect(first.engineers).toHaveLength(ENGINEER_PICKER_LIMIT);
    expect(first.more).toBe(true);
    const names = first.engineers.map((e) => e.name);
    expect(names.slice(0, 4)).toEqual([`Arjun Nair ${run}`, `Arjun Nair ${run}`, crowd[0], crowd[1]]);
    expect(names.at(-1)).toBe(crowd[ENGINEER_PICKER_LIMIT - 3]);

    const last = crowd.at(-1)!;
    expect(names).not.toContain(last);
    const found = await pick(`?q=${encodeURIComponent(`  crowd ${run} ${last.slice(-3)}  `.toUpperCase())}`);
    expect(found).toEqual({ engineers: [expect.objectContaining({ name: last })], more: false });

    const byEmail = await pick(`?q=${encodeURIComponent(found.engineers[0]!.email.toUpperCase())}`);
    expect(byEmail.engineers.map((e) => e.name)).toEqual([last]);

    const crowdOnly = await pick(`?q=${encodeURIComponent(`Crowd ${run}`)}`);
    expect(crowdOnly.engineers).toHaveLength(ENGINEER_PICKER_LIMIT);
    expect(crowdOnly.more).toBe(true);
  });

  it("takes LIKE's own characters in q literally", async () => {
    await addEngineers([`Percent 100%_sure ${run}`, `Percent 100xxsure ${run}`, `Back\\slash ${run}`]);
    expect((await pick(`?q=${encodeURIComponent('100%_')}`)).engineers.map((e) => e.name)).toEqual([
      `Percent 100%_sure ${run}`,
    ]);
    expect((await pick(`?q=${encodeURIComponent('k\\s')}`)).engineers.map((e) => e.name)).toEqual([
      `Back\\slash ${run}`,
    ]);
    expect(await pick(`?q=${encodeURIComponent(`%${run}-nobody`)}`)).toEqual({ engineers: [], more: false });
  });

  it('treats a blank q as no search, and refuses a q over 100 characters with 400 { error }', async () => {
    const all = await pick();
    expect(await pick('?q=%20%20')).toEqual(all);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/engineers?q=${'x'.repeat(101)}`,
      headers: admin.headers,
    });
    expectError(res, 400, /at most 100 characters/);
  });
});
