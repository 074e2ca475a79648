import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersResponse } from '../../src/shared/contracts/admin.js';
import { users } from '../../src/server/db/schema/index.js';
import { createTestAppWithAdmins, expectError, uniqueEmail, type Session } from '../support/api.js';
import type { TestApp } from '../support/test-app.js';

/**
 * GET /api/admin/users?q=: the admins' search of every account, by any part of the name or email (any
 * case) or of the phone's digits however they are spaced; with `role`, `state` (active or
 * suspended) and the list's paging, newest first. (Who may call it: role-matrix.test.ts.)
 */

let t: TestApp;
let admin: Session;
const run = Date.now().toString(36);

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  // Written straight to the database (no argon2id per account: they never log in), a minute apart so
  // that newest first is one order.
  const base = Date.now() - 60 * 60_000;
  const people = [
    { name: `Meera Iyer ${run}`, phone: '+91 98111 00001', role: 'user' as const },
    { name: `Meera Nair ${run}`, phone: '+91 98111 00002', role: 'engineer' as const },
    { name: `Rameez Khan ${run}`, phone: '(044) 2811-7788', role: 'user' as const },
    { name: `Percent 100%_sure ${run}`, phone: '+91 98111 00004', role: 'user' as const },
    { name: `Percent 100xxsure ${run}`, phone: '+91 98111 00005', role: 'user' as const },
  ];
  await t.database.db.insert(users).values(
    people.map((p, i) => ({
      ...p,
      email: uniqueEmail(`search-${i}`),
      createdAt: new Date(base + i * 60_000),
    })),
  );
});
afterAll(() => t.close());

async function search(query: string): Promise<UsersResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UsersResponse>();
}
const names = (r: UsersResponse) => r.users.map((u) => u.name);

describe('GET /api/admin/users?q=', () => {
  it('finds accounts by any part of the name, in any case, newest first', async () => {
    expect(names(await search(`?q=${encodeURIComponent(`MEERA`)}&limit=100`)).filter((n) => n.endsWith(run))).toEqual([
      `Meera Nair ${run}`,
      `Meera Iyer ${run}`,
    ]);
    expect(names(await search(`?q=${encodeURIComponent(`ameez khan ${run}`)}`))).toEqual([`Rameez Khan ${run}`]);
  });

  it('finds an account by its email and by the digits of its phone, however they are typed', async () => {
    const rameez = (await search(`?q=${encodeURIComponent(`Rameez Khan ${run}`)}`)).users[0]!;
    expect(names(await search(`?q=${encodeURIComponent(rameez.email.toUpperCase())}`))).toEqual([rameez.name]);
    expect(names(await search(`?q=${encodeURIComponent('2811 7788')}`))).toEqual([rameez.name]);
    expect(names(await search(`?q=${encodeURIComponent('04428117788')}`))).toEqual([rameez.name]);
  });

  it('combines with role and pages through the matches with the cursor', async () => {
    expect(names(await search(`?q=${encodeURIComponent(`meera`)}&role=engineer&limit=100`))).toEqual([
      `Meera Nair ${run}`,
    ]);
    const first = await search(`?q=${run}&limit=2`);
    expect(names(first)).toEqual([`Percent 100xxsure ${run}`, `Percent 100%_sure ${run}`]);
    const second = await search(`?q=${run}&limit=2&cursor=${first.nextCursor!}`);
    expect(names(second)).toEqual([`Rameez Khan ${run}`, `Meera Nair ${run}`]);
    const third = await search(`?q=${run}&limit=2&cursor=${second.nextCursor!}`);
    expect(names(third)).toEqual([`Meera Iyer ${run}`]);
    expect(third.nextCursor).toBeNull();
  });

  it('narrows to active or suspended accounts, with the search and the role', async () => {
    const rameez = (await search(`?q=${encodeURIComponent(`Rameez Khan ${run}`)}`)).users[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${rameez.id}/suspension`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(names(await search(`?q=${run}&state=suspended`))).toEqual([`Rameez Khan ${run}`]);
    expect(names(await search(`?q=${run}&state=suspended&role=engineer`))).toEqual([]);
    expect(names(await search(`?q=${run}&state=active&role=user`))).toEqual([
      `Percent 100xxsure ${run}`,
      `Percent 100%_sure ${run}`,
      `Meera Iyer ${run}`,
    ]);
    expect((await search(`?q=${run}&state=suspended`)).users[0]?.suspendedAt).not.toBeNull();
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/users?state=gone', headers: admin.headers });
    expectError(refused, 400, 'State must be active or suspended');
  });

  it("takes LIKE's own characters literally, and treats a blank q as no search", async () => {
    expect(names(await search(`?q=${encodeURIComponent('100%_')}`))).toEqual([`Percent 100%_sure ${run}`]);
    expect(await search(`?q=${encodeURIComponent(`%${run}-nobody`)}`)).toEqual({ users: [], nextCursor: null });
    expect(names(await search('?q=%20%20&limit=5'))).toEqual(names(await search('?limit=5')));
  });

  it('refuses a q over 100 characters with 400 { error }', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${'x'.repeat(101)}`,
      headers: admin.headers,
    });
    expectError(res, 400, /at most 100 characters/);
  });
});
