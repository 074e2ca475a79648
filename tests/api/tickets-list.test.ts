import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import { assignViaApi, bookAndPay, type Draft, get, listTickets, serviceDraft } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let draft: Draft;
/** A customer with five tickets, booked one after the other; `booked` is oldest first. */
let customer: Session;
let booked: Ticket[];
/** Another customer with tickets of their own. */
let neighbour: Session;
let neighbourTickets: Ticket[];

beforeAll(async () => {
  t = await createTestApp();
  draft = await serviceDraft(t);
  customer = await signUp(t);
  neighbour = await signUp(t);
  booked = [];
  neighbourTickets = [];
  for (let i = 0; i < 5; i++) {
    booked.push((await bookAndPay(t, customer, { ...draft, description: `Issue number ${i + 1}` })).ticket);
    if (i < 2)
      neighbourTickets.push(
        (await bookAndPay(t, neighbour, { ...draft, description: `Neighbour issue ${i + 1}` })).ticket,
      );
  }
});
afterAll(() => t.close());

const newestFirst = () => [...booked].reverse().map((x) => x.id);

describe('GET /api/tickets', () => {
  it('answers 401 when anonymous or with a bad token', async () => {
    expectError(await get(t, '/api/tickets'), 401);
    expectError(await get(t, '/api/tickets', { authorization: 'Bearer nope' }), 401);
  });

  it.each(['engineer', 'admin'] as const)('answers 403 to the %s role', async (role) => {
    const s = await signUp(t, {}, role);
    expectError(await get(t, '/api/tickets', s.headers), 403);
  });

  it("lists only the caller's own tickets", async () => {
    const mine = await listTickets(t, customer);
    expect(mine.tickets.map((x) => x.id).sort()).toEqual(booked.map((x) => x.id).sort());
    expect(mine.tickets.every((x) => x.user.email === customer.user.email)).toBe(true);
    const theirs = await listTickets(t, neighbour);
    expect(theirs.tickets.map((x) => x.id).sort()).toEqual(neighbourTickets.map((x) => x.id).sort());
    const nobody = await signUp(t);
    expect(await listTickets(t, nobody)).toEqual({ tickets: [], nextCursor: null });
  });

  it('lists newest first, and says there is no next page when all fit', async () => {
    const { tickets: list, nextCursor } = await listTickets(t, customer);
    expect(list.map((x) => x.id)).toEqual(newestFirst());
    expect(list.map((x) => x.description)).toEqual([
      'Issue number 5',
      'Issue number 4',
      'Issue number 3',
      'Issue number 2',
      'Issue number 1',
    ]);
    const times = list.map((x) => Date.parse(x.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(nextCursor).toBeNull();
  });

  it('pages with ?limit=2: the cursors walk the rest with no overlap and end with a null cursor', async () => {
    const first = await listTickets(t, customer, '?limit=2');
    expect(first.tickets).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen = [...first.tickets.map((x) => x.id)];
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const page = await listTickets(t, customer, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.tickets.length).toBeGreaterThan(0);
      expect(page.tickets.length).toBeLessThanOrEqual(2);
      for (const x of page.tickets) expect(seen).not.toContain(x.id);
      seen.push(...page.tickets.map((x) => x.id));
      cursor = page.nextCursor;
      pages++;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst());
  });

  it("a cursor from one customer's list shows another customer nothing of the first", async () => {
    const first = await listTickets(t, customer, '?limit=1');
    const page = await listTickets(t, neighbour, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(page.tickets.every((x) => neighbourTickets.some((n) => n.id === x.id))).toBe(true);
  });

  it('pages without gaps when tickets share a millisecond', async () => {
    const s = await signUp(t);
    const made: Ticket[] = [];
    for (let i = 0; i < 4; i++)
      made.push((await bookAndPay(t, s, { ...draft, description: `Same moment ${i}` })).ticket);
    // Four tickets within one millisecond, microseconds apart (PostgreSQL keeps microseconds).
    const micros = [
      '2030-01-01 00:00:00.123900+00',
      '2030-01-01 00:00:00.123600+00',
      '2030-01-01 00:00:00.123300+00',
      '2030-01-01 00:00:00.123100+00',
    ];
    for (const [i, at] of micros.entries()) {
      await t.database.db
        .update(tickets)
        .set({ createdAt: sql`${at}::timestamptz` })
        .where(eq(tickets.id, made[i]!.id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { tickets: Ticket[]; nextCursor: string | null } = await listTickets(
        t,
        s,
        `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.tickets.map((x) => x.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(made.map((x) => x.id));
  });

  it.each([
    ['garbage', 'garbage'],
    ['base64 of junk', Buffer.from('junk').toString('base64url')],
    ['a bad id', Buffer.from(JSON.stringify([new Date().toISOString(), 'not-a-uuid'])).toString('base64url')],
    ['a bad date', Buffer.from(JSON.stringify(['yesterday', randomUUID()])).toString('base64url')],
    ['an object', Buffer.from(JSON.stringify({ a: 1 })).toString('base64url')],
    ['a very long one', 'x'.repeat(500)],
  ])('answers 400 to a cursor that is %s', async (_label, cursor) => {
    expectError(await get(t, `/api/tickets?cursor=${encodeURIComponent(cursor)}`, customer.headers), 400);
  });

  it.each(['0', '101', '-1', 'ten', '2.5'])('answers 400 to ?limit=%s', async (limit) => {
    expectError(await get(t, `/api/tickets?limit=${limit}`, customer.headers), 400);
  });

  it('accepts the limits 1 and 100', async () => {
    expect((await listTickets(t, customer, '?limit=1')).tickets).toHaveLength(1);
    expect((await listTickets(t, customer, '?limit=100')).tickets).toHaveLength(5);
  });
});

describe('page sizes', () => {
  type Page = { tickets: Ticket[]; nextCursor: string | null };
  /** Every ticket id a list shows, following nextCursor from the first page. */
  async function walk(url: string, headers: Record<string, string>, limit?: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const params = [limit ? `limit=${limit}` : '', cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(
        Boolean,
      );
      const sep = url.includes('?') ? '&' : '?';
      const res = await get(t, `${url}${params.length ? sep + params.join('&') : ''}`, headers);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.tickets.length).toBeLessThanOrEqual(limit ?? 20);
      seen.push(...page.tickets.map((x) => x.id));
      cursor = page.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('more than 50 pages');
  }

  // The default size runs statements of its own (the limit written into the SQL); others pass it as a parameter.
  it('the default page size and any other walk the same lists', async () => {
    const s = await signUp(t);
    const admin = await signUp(t, {}, 'admin');
    // 45 tickets in one statement: they share created_at, so only the id orders them.
    await t.database.db.insert(tickets).values(
      Array.from({ length: 45 }, (_, i) => ({
        userId: s.user.id,
        mainServiceName: 'Laptop',
        subServiceName: 'Screen',
        service: 'Laptop › Screen',
        description: `Bulk ${i}`,
        bookingOrderId: `order_bulk_${randomUUID()}`,
        status: i % 3 === 0 ? ('completed' as const) : ('pending' as const),
      })),
    );
    const mine = await walk('/api/tickets', s.headers);
    expect(mine).toHaveLength(45);
    expect(await walk('/api/tickets', s.headers, 7)).toEqual(mine);
    const all = await walk('/api/admin/tickets', admin.headers);
    expect(await walk('/api/admin/tickets', admin.headers, 21)).toEqual(all);
    expect(all.filter((id) => mine.includes(id))).toEqual(mine);
    const completed = await walk('/api/admin/tickets?status=completed', admin.headers);
    expect(completed.length).toBeGreaterThanOrEqual(15);
    expect(await walk('/api/admin/tickets?status=completed', admin.headers, 4)).toEqual(completed);
    const myCompleted = await walk('/api/tickets?status=completed', s.headers);
    expect(myCompleted).toHaveLength(15);
    expect(myCompleted).toEqual(mine.filter((id) => completed.includes(id)));
    expect(await walk('/api/tickets?status=completed', s.headers, 4)).toEqual(myCompleted);
  });
});

// The dashboard asks for the tickets waiting for the in-progress fee, wherever they fall in the list.
describe('GET /api/tickets?status=', () => {
  const setStatus = (ids: string[], status: 'pending' | 'in-progress') =>
    t.database.db
      .update(tickets)
      .set({ status })
      .where(sql`${tickets.id} in ${ids}`);
  let started: string[];

  beforeAll(async () => {
    started = [booked[0]!.id, booked[2]!.id];
    await setStatus([...started, neighbourTickets[0]!.id], 'in-progress');
  });
  afterAll(() => setStatus([...started, neighbourTickets[0]!.id], 'pending'));

  it("lists only the caller's own tickets of that status, newest first", async () => {
    const list = await listTickets(t, customer, '?status=in-progress');
    expect(list.tickets.map((x) => x.id)).toEqual([booked[2]!.id, booked[0]!.id]);
    expect(list.tickets.every((x) => x.status === 'in-progress')).toBe(true);
    expect(list.nextCursor).toBeNull();
    expect((await listTickets(t, neighbour, '?status=in-progress')).tickets.map((x) => x.id)).toEqual([
      neighbourTickets[0]!.id,
    ]);
    expect(await listTickets(t, customer, '?status=completed')).toEqual({ tickets: [], nextCursor: null });
    const pending = await listTickets(t, customer, '?status=pending');
    expect(pending.tickets.map((x) => x.id)).toEqual(newestFirst().filter((id) => !started.includes(id)));
  });

  it('pages within the status', async () => {
    const first = await listTickets(t, customer, '?status=in-progress&limit=1');
    expect(first.tickets.map((x) => x.id)).toEqual([booked[2]!.id]);
    const second = await listTickets(
      t,
      customer,
      `?status=in-progress&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.tickets.map((x) => x.id)).toEqual([booked[0]!.id]);
    expect(second.nextCursor).toBeNull();
  });

  // The dashboard asks for the in-progress tickets after the pages it has loaded, with the list's own cursor.
  it("takes the full list's cursor: only the tickets of that status after it", async () => {
    const firstTwo = await listTickets(t, customer, '?limit=2');
    const afterTwo = await listTickets(
      t,
      customer,
      `?status=in-progress&cursor=${encodeURIComponent(firstTwo.nextCursor!)}`,
    );
    expect(afterTwo.tickets.map((x) => x.id)).toEqual([booked[2]!.id, booked[0]!.id]);
    const firstThree = await listTickets(t, customer, '?limit=3');
    expect(firstThree.tickets.map((x) => x.id)).toContain(booked[2]!.id);
    const afterThree = await listTickets(
      t,
      customer,
      `?status=in-progress&cursor=${encodeURIComponent(firstThree.nextCursor!)}`,
    );
    expect(afterThree.tickets.map((x) => x.id)).toEqual([booked[0]!.id]);
  });

  it.each(['nope', 'In-Progress', 'in progress', ''])('refuses the status %j with 400', async (status) => {
    expectError(await get(t, `/api/tickets?status=${encodeURIComponent(status)}`, customer.headers), 400);
  });
});

// A page with several pages loaded puts one changed ticket into its rows after a live event: each list
// answers it under its own rules and filters, and a ticket the list does not hold is an empty page.
describe('one ticket of a list (?id=)', () => {
  const ids = (r: { tickets: Ticket[] }) => r.tickets.map((x) => x.id);
  let admin: Session;
  let engineer: Session;

  beforeAll(async () => {
    admin = await signUp(t, {}, 'admin');
    engineer = await signUp(t, {}, 'engineer');
    await assignViaApi(t, admin, booked[1]!.id, engineer);
  });
  afterAll(() =>
    t.database.db.update(tickets).set({ engineerId: null, status: 'pending' }).where(eq(tickets.id, booked[1]!.id)),
  );

  it("answers the customer's own ticket, and nothing of another's", async () => {
    const mine = await listTickets(t, customer, `?id=${booked[3]!.id}`);
    expect(mine).toEqual({ tickets: [(await listTickets(t, customer)).tickets[1]], nextCursor: null });
    expect(await listTickets(t, customer, `?id=${neighbourTickets[0]!.id}`)).toEqual({ tickets: [], nextCursor: null });
    expect(await listTickets(t, customer, `?id=${randomUUID()}`)).toEqual({ tickets: [], nextCursor: null });
  });

  it('keeps the other filters: a ticket of another status is not in the list', async () => {
    expect(ids(await listTickets(t, customer, `?status=pending&id=${booked[3]!.id}`))).toEqual([booked[3]!.id]);
    expect(ids(await listTickets(t, customer, `?status=completed&id=${booked[3]!.id}`))).toEqual([]);
  });

  it('answers an engineer only the tickets assigned to them', async () => {
    const list = (query: string) =>
      get(t, `/api/engineer/assigned-tickets${query}`, engineer.headers).then((r) => r.json());
    expect(ids(await list(`?id=${booked[1]!.id}`))).toEqual([booked[1]!.id]);
    expect(ids(await list(`?id=${booked[2]!.id}`))).toEqual([]);
  });

  it("answers an admin under the list's filters", async () => {
    const list = (query: string) => get(t, `/api/admin/tickets${query}`, admin.headers).then((r) => r.json());
    expect(ids(await list(`?id=${neighbourTickets[1]!.id}`))).toEqual([neighbourTickets[1]!.id]);
    expect(ids(await list(`?engineerId=${engineer.user.id}&id=${booked[1]!.id}`))).toEqual([booked[1]!.id]);
    expect(ids(await list(`?engineerId=${engineer.user.id}&id=${booked[2]!.id}`))).toEqual([]);
    expect(ids(await list(`?q=${encodeURIComponent('Neighbour issue')}&id=${neighbourTickets[1]!.id}`))).toEqual([
      neighbourTickets[1]!.id,
    ]);
    expect(ids(await list(`?q=${encodeURIComponent('Neighbour issue')}&id=${booked[2]!.id}`))).toEqual([]);
  });

  it.each(['nope', '1', `${randomUUID()}x`])('refuses the id %j with 400', async (id) => {
    expectError(await get(t, `/api/tickets?id=${encodeURIComponent(id)}`, customer.headers), 400);
  });
});
