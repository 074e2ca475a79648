import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import type { TicketStatus } from '../../src/shared/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, get, patch, serviceDraft } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Session;
let meera: Session;
let arjun: Session;
let engineer: Session;
/** Ticket ids and numbers by a short name. */
const made: Record<string, { id: string; number: number }> = {};

let orders = 0;
async function ticket(name: string, who: Session, description: string, status: TicketStatus, minutesAgo: number) {
  const [row] = await t.database.db
    .insert(tickets)
    .values({
      userId: who.user.id,
      mainServiceName: 'Laptop',
      subServiceName: 'Repair',
      service: 'Laptop › Repair',
      description,
      status,
      engineerId: status === 'pending' ? null : engineer.user.id,
      bookingOrderId: `order_search_${++orders}`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning({ id: tickets.id, number: tickets.number });
  made[name] = row!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, 'admin');
  meera = await signUp(t, { name: 'Meera Iyer', email: 'meera.iyer@example.com', phone: '+91 98765 43210' });
  arjun = await signUp(t, { name: 'Arjun Nair', email: 'arjun@nair.example.org', phone: '080-2345 6789' });
  engineer = await signUp(t, { name: 'Esha Engineer' }, 'engineer');
  await ticket('m1', meera, 'Blue screen after the update', 'pending', 50);
  await ticket('m2', meera, 'Printer offline', 'in-progress', 40);
  await ticket('m3', meera, 'Outlook asks for the password 100% of the time', 'completed', 30);
  await ticket('a1', arjun, 'The BLUE SCREEN again', 'completed', 20);
  await ticket('a2', arjun, 'Wi-Fi drops every hour', 'pending', 10);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await get(t, `/api/admin/tickets?${query}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { tickets: Ticket[]; nextCursor: string | null };
};
const ids = async (query: string) => (await search(query)).tickets.map((x) => x.id);
const q = (s: string) => `q=${encodeURIComponent(s)}`;

describe('GET /api/admin/tickets?q=', () => {
  it('finds any part of the customer name or email, in any case, newest first', async () => {
    expect(await ids(q('meera'))).toEqual([made.m3!.id, made.m2!.id, made.m1!.id]);
    expect(await ids(q('IYER'))).toEqual([made.m3!.id, made.m2!.id, made.m1!.id]);
    expect(await ids(q('nair.example'))).toEqual([made.a2!.id, made.a1!.id]);
    expect(await ids(q('arjun@'))).toEqual([made.a2!.id, made.a1!.id]);
  });

  it('finds a phone by its digits however it is typed', async () => {
    for (const phone of ['9876543210', '98765 43210', '+91 98765 43210', '+919876543210', '43210']) {
      expect(await ids(q(phone)), phone).toEqual([made.m3!.id, made.m2!.id, made.m1!.id]);
    }
    expect(await ids(q('080 2345'))).toEqual([made.a2!.id, made.a1!.id]);
  });

  it('finds a ticket by its number, as RF-1001, rf1001 or 1001', async () => {
    const n = made.m2!.number;
    for (const form of [`RF-${n}`, `rf${n}`, `${n}`, ` RF-${n} `]) {
      expect(await ids(q(form)), form).toEqual([made.m2!.id]);
    }
  });

  it('finds a ticket by its number beside other words, when the rest of the search is in it too', async () => {
    const [m2, a1] = [made.m2!.number, made.a1!.number];
    expect(await ids(q(`RF-${m2} meera`))).toEqual([made.m2!.id]);
    expect(await ids(q(`printer rf${m2}`))).toEqual([made.m2!.id]);
    expect(await ids(q(`rf-${a1} blue screen`))).toEqual([made.a1!.id]);
    expect(await ids(q(`RF-${m2} arjun`))).toEqual([]);
    expect(await ids(q(`RF-${a1} printer`))).toEqual([]);
    expect(await ids(`${q(`RF-${m2} meera`)}&status=pending`)).toEqual([]);
  });

  it('finds any part of the description; % and _ are plain characters', async () => {
    expect(await ids(q('blue screen'))).toEqual([made.a1!.id, made.m1!.id]);
    expect(await ids(q('100%'))).toEqual([made.m3!.id]);
    expect(await ids(q('%'))).toEqual([made.m3!.id]);
    expect(await ids(q('_'))).toEqual([]);
    expect(await ids(q('no such thing anywhere'))).toEqual([]);
  });

  it('finds tickets with every word of the search, in any order and in any of its fields', async () => {
    expect(await ids(q('screen blue'))).toEqual([made.a1!.id, made.m1!.id]);
    expect(await ids(q('blue  update'))).toEqual([made.m1!.id]);
    expect(await ids(q('meera printer'))).toEqual([made.m2!.id]);
    expect(await ids(q('printer Me'))).toEqual([made.m2!.id]);
    expect(await ids(q('blue printer'))).toEqual([]);
  });

  it('matches one or two letters or digits at the start of a word, as the admin starts typing', async () => {
    expect(await ids(q('Me'))).toEqual([made.m3!.id, made.m2!.id, made.m1!.id]);
    expect(await ids(q('bl'))).toEqual([made.a1!.id, made.m1!.id]);
    expect(await ids(q('o'))).toEqual([made.m3!.id, made.m2!.id]);
    expect(await ids(q('9'))).toEqual([made.m3!.id, made.m2!.id, made.m1!.id]);
    // Inside a word, two letters find nothing ("ee" of Meera, "screen"); three find any part.
    expect(await ids(q('ee'))).toEqual([]);
    expect(await ids(q('eer'))).toEqual([made.m3!.id, made.m2!.id, made.m1!.id]);
  });

  it('combines with the status, and pages with limit and cursor', async () => {
    expect(await ids(`${q('blue')}&status=completed`)).toEqual([made.a1!.id]);
    expect(await ids(`${q('meera')}&status=pending`)).toEqual([made.m1!.id]);
    const first = await search(`${q('meera')}&limit=2`);
    expect(first.tickets.map((x) => x.id)).toEqual([made.m3!.id, made.m2!.id]);
    const second = await search(`${q('meera')}&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.tickets.map((x) => x.id)).toEqual([made.m1!.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('lists everything for a blank search, and refuses a search over 200 characters (400)', async () => {
    expect(await ids(q('   '))).toEqual([made.a2!.id, made.a1!.id, made.m3!.id, made.m2!.id, made.m1!.id]);
    expectError(await get(t, `/api/admin/tickets?${q('x'.repeat(201))}`, admin.headers), 400);
  });
});

describe('the search follows the customer', () => {
  it('finds a customer who changed their name, email and phone after booking by the new ones only', async () => {
    const kiran = await signUp(t, { name: 'Kiran Bose', email: 'kiran.bose@example.com', phone: '+91 99001 12233' });
    const { ticket } = await bookAndPay(t, kiran, await serviceDraft(t, 0, 'Speakers crackle on every call'));
    expect(await ids(q('kiran bose'))).toEqual([ticket.id]);
    const res = await patch(
      t,
      '/api/profile',
      { name: 'Kiran Sen', email: 'kiran.sen@example.org', phone: '+91 77665 54433' },
      kiran.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const found of ['Kiran Sen', 'kiran.sen@example', '77665 54433', '+91 7766554433', 'speakers crackle']) {
      expect(await ids(q(found)), found).toEqual([ticket.id]);
    }
    for (const gone of ['Kiran Bose', 'kiran.bose@', '99001 12233']) expect(await ids(q(gone)), gone).toEqual([]);
  });
});

describe('GET /api/engineer/assigned-tickets?status=', () => {
  it("filters the engineer's own tickets by status", async () => {
    const mine = async (query: string) => {
      const res = await get(t, `/api/engineer/assigned-tickets${query}`, engineer.headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().tickets as Ticket[]).map((x) => x.id);
    };
    expect(await mine('')).toEqual([made.a1!.id, made.m3!.id, made.m2!.id]);
    expect(await mine('?status=completed')).toEqual([made.a1!.id, made.m3!.id]);
    expect(await mine('?status=in-progress')).toEqual([made.m2!.id]);
    expect(await mine('?status=pending')).toEqual([]);
    expectError(await get(t, '/api/engineer/assigned-tickets?status=done', engineer.headers), 400);
  });
});
