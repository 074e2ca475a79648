import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_PAGE } from '../../src/shared/product.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, del, type Draft, get, patch, serviceDraft } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// A ticket's history grows with every change (a customer may change the remote session many times
// over), so it is paged like a thread: oldest first, `after` the last event of a page, `nextCursor`
// while more follow.

let t: TestApp;
let admin: Session;
let draft: Draft;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

interface Page {
  events: { id: string; kind: string; createdAt: string }[];
  nextCursor: string | null;
}

const historyPage = async (id: string, query = '', headers = admin.headers) => {
  const res = await get(t, `/api/admin/tickets/${id}/history${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

/** A paid ticket whose engineer was assigned and taken off `cycles` times: 2 events a cycle. */
async function busyTicket(cycles: number) {
  const customer = await signUp(t);
  const engineer = await signUp(t, { name: 'Paging Engineer' }, 'engineer');
  const { ticket } = await bookAndPay(t, customer, draft);
  for (let i = 0; i < cycles; i++) {
    expect(
      (await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers))
        .statusCode,
    ).toBe(200);
    expect((await del(t, `/api/admin/tickets/${ticket.id}/assign`, admin.headers)).statusCode).toBe(200);
  }
  return { ticket, engineer };
}

describe('GET /api/admin/tickets/{id}/history: paging', () => {
  it('pages through the whole trail oldest first, each event once, and says when it ends', async () => {
    const { ticket } = await busyTicket(3);
    const whole = await historyPage(ticket.id);
    expect(whole.nextCursor).toBeNull();
    expect(whole.events.length).toBeGreaterThanOrEqual(8);
    const times = whole.events.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort());

    const paged: Page['events'] = [];
    let after = '';
    let pages = 0;
    do {
      const page = await historyPage(ticket.id, `?limit=3${after ? `&after=${after}` : ''}`);
      expect(page.events.length).toBeLessThanOrEqual(3);
      paged.push(...page.events);
      pages++;
      if (page.nextCursor) expect(page.nextCursor).toBe(page.events.at(-1)?.id);
      after = page.nextCursor ?? '';
    } while (after && pages < 20);
    expect(paged.map((e) => e.id)).toEqual(whole.events.map((e) => e.id));
    expect(pages).toBe(Math.ceil(whole.events.length / 3));
  });

  it('the last page of an exact fit says there is no more', async () => {
    const { ticket } = await busyTicket(1);
    const whole = await historyPage(ticket.id);
    const all = whole.events.length;
    const first = await historyPage(ticket.id, `?limit=${all}`);
    expect(first.events).toHaveLength(all);
    expect(first.nextCursor).toBeNull();
  });

  it('an event of another ticket as `after` matches nothing: no event of either ticket', async () => {
    const { ticket } = await busyTicket(1);
    const { ticket: other } = await busyTicket(1);
    const [foreign] = (await historyPage(other.id)).events;
    expect(foreign).toBeDefined();
    expect(await historyPage(ticket.id, `?after=${foreign?.id}`)).toEqual({ events: [], nextCursor: null });
  });

  it('refuses a malformed `after` and a page size out of range, and still 404s a ticket that is not there', async () => {
    const { ticket } = await busyTicket(0);
    const at = (q: string) => get(t, `/api/admin/tickets/${ticket.id}/history${q}`, admin.headers);
    expectError(await at('?after=not-an-id'), 400);
    expectError(await at('?limit=0'), 400);
    expectError(await at(`?limit=${HISTORY_PAGE.max + 1}`), 400);
    expectError(await at('?limit=ten'), 400);
    expect((await at(`?limit=${HISTORY_PAGE.max}`)).statusCode).toBe(200);
    const missing = await get(
      t,
      '/api/admin/tickets/00000000-0000-4000-8000-000000000000/history?limit=5',
      admin.headers,
    );
    expectError(missing, 404);
  });

  it('only staff read it, paged or not: a customer and an engineer get 403', async () => {
    const { ticket, engineer } = await busyTicket(1);
    const customer = await signUp(t);
    for (const who of [customer, engineer]) {
      expectError(await get(t, `/api/admin/tickets/${ticket.id}/history?limit=1`, who.headers), 403);
    }
  });
});
