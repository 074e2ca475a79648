import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { assignViaApi, bookAndPay, type Draft, get, patch, serviceDraft } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// All Tickets narrowed to one engineer's (`engineerId`): how an admin sees who works on what, and
// finds the tickets to hand over before an engineer who leaves is turned away (user-roles.test.ts).
// It combines with the other filters, and the CSV selects the same tickets.

let t: TestApp;
let admin: Session;
let draft: Draft;
let first: Session;
let second: Session;
const ids = { first: [] as string[], second: [] as string[], none: '' };

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
  first = await signUp(t, { name: 'First Filter Engineer' }, 'engineer');
  second = await signUp(t, { name: 'Second Filter Engineer' }, 'engineer');
  const customer = await signUp(t, { name: 'Filter Customer' });
  for (const [engineer, list] of [
    [first, ids.first],
    [first, ids.first],
    [second, ids.second],
  ] as const) {
    const { ticket } = await bookAndPay(t, customer, draft);
    await assignViaApi(t, admin, ticket.id, engineer);
    list.push(ticket.id);
  }
  ids.none = (await bookAndPay(t, customer, draft)).ticket.id;
  // One of the first engineer's tickets in progress.
  expect(
    (await patch(t, `/api/admin/tickets/${ids.first[0]}`, { status: 'in-progress' }, admin.headers)).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

const listed = async (query: string) => {
  const res = await get(t, `/api/admin/tickets?limit=100&${query}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().tickets as { id: string; engineer: { id: string } | null }[]).map((x) => x.id);
};

describe('GET /api/admin/tickets?engineerId=…', () => {
  it('lists only that engineer’s tickets, newest first', async () => {
    expect(await listed(`engineerId=${first.user.id}`)).toEqual([...ids.first].reverse());
    expect(await listed(`engineerId=${second.user.id}`)).toEqual(ids.second);
    const all = await listed('');
    expect(all).toEqual(expect.arrayContaining([...ids.first, ...ids.second, ids.none]));
  });

  it('combines with the status, the ₹299 filter and the search', async () => {
    expect(await listed(`engineerId=${first.user.id}&status=in-progress`)).toEqual([ids.first[0]]);
    expect(await listed(`engineerId=${first.user.id}&status=pending`)).toEqual([ids.first[1]]);
    expect(await listed(`engineerId=${first.user.id}&paid=true`)).toEqual([]);
    expect(await listed(`engineerId=${first.user.id}&q=Filter%20Customer`)).toEqual([...ids.first].reverse());
    expect(await listed(`engineerId=${second.user.id}&q=nobody-by-this-name`)).toEqual([]);
  });

  it('pages through one engineer’s tickets', async () => {
    const page = await get(t, `/api/admin/tickets?limit=1&engineerId=${first.user.id}`, admin.headers);
    const { tickets, nextCursor } = page.json() as { tickets: { id: string }[]; nextCursor: string };
    expect(tickets.map((x) => x.id)).toEqual([ids.first[1]]);
    const next = await get(
      t,
      `/api/admin/tickets?limit=1&engineerId=${first.user.id}&cursor=${nextCursor}`,
      admin.headers,
    );
    expect(next.json()).toMatchObject({ tickets: [{ id: ids.first[0] }], nextCursor: null });
  });

  it('an account with no tickets, or no such account, lists none; a malformed id is 400', async () => {
    const customer = await signUp(t);
    expect(await listed(`engineerId=${customer.user.id}`)).toEqual([]);
    expect(await listed('engineerId=00000000-0000-4000-8000-000000000000')).toEqual([]);
    expectError(await get(t, '/api/admin/tickets?engineerId=first', admin.headers), 400);
  });

  it('the CSV holds the same tickets', async () => {
    const res = await get(t, `/api/admin/tickets.csv?engineerId=${second.user.id}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Second Filter Engineer');
    expectError(await get(t, '/api/admin/tickets.csv?engineerId=nope', admin.headers), 400);
  });

  it('is for staff: an engineer reads only their own list, and cannot read another’s here', async () => {
    expectError(await get(t, `/api/admin/tickets?engineerId=${second.user.id}`, first.headers), 403);
    const own = await get(t, '/api/engineer/assigned-tickets', first.headers);
    expect((own.json().tickets as { id: string }[]).map((x) => x.id).sort()).toEqual([...ids.first].sort());
  });
});
