import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, tickets } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import {
  bookAndPay,
  type Draft,
  draftBody,
  eventsOfTicket,
  get,
  listTickets,
  post,
  serviceDraft,
  testCheckoutPay,
  verify,
} from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let draft: Draft;
/** The engineer every in-progress ticket here is given. */
let engineer: Session;

beforeAll(async () => {
  t = await createTestApp();
  draft = await serviceDraft(t);
  engineer = await signUp(t, { name: 'Ravi Engineer', phone: '+91 90000 11111' }, 'engineer');
});
afterAll(() => t.close());

/** A customer with a paid booking whose ticket an admin has put in progress with the engineer. */
async function inProgressTicket(owner?: Session): Promise<{ customer: Session; ticket: Ticket; orderId: string }> {
  const customer = owner ?? (await signUp(t));
  const { ticket, orderId } = await bookAndPay(t, customer, draft);
  await t.database.db
    .update(tickets)
    .set({ status: 'in-progress', engineerId: engineer.user.id })
    .where(eq(tickets.id, ticket.id));
  return { customer, ticket, orderId };
}

const orderInProgress = (s: Session, ticketId: string, extra: Record<string, unknown> = {}) =>
  post(t, '/order-inprogress', { amount: 29900, currency: 'INR', ticketId, ...extra }, s.headers);

async function openInProgressOrder(s: Session, ticketId: string): Promise<string> {
  const res = await orderInProgress(s, ticketId);
  if (res.statusCode !== 201) throw new Error(`order-inprogress answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function payInProgress(s: Session, ticketId: string): Promise<string> {
  const orderId = await openInProgressOrder(s, ticketId);
  const answer = await testCheckoutPay(t, s, orderId);
  const res = await verify(t, s, answer);
  expect(res.statusCode).toBe(200);
  expect((res.json() as { status: string }).status).toBe('success');
  return orderId;
}

async function inProgressPayments(s: Session) {
  const res = await get(t, '/api/user/inprogress-payments', s.headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as { payments: { ticketId: string; status: string }[] }).payments;
}

/** The raw JSON of one of the customer's tickets, as GET /api/tickets sends it. */
async function rawTicketJson(s: Session, ticketId: string): Promise<{ raw: string; ticket: Record<string, unknown> }> {
  const res = await get(t, '/api/tickets', s.headers);
  expect(res.statusCode).toBe(200);
  const all = (JSON.parse(res.body) as { tickets: Record<string, unknown>[] }).tickets;
  const ticket = all.find((x) => x.id === ticketId);
  if (!ticket) throw new Error('ticket not listed');
  return { raw: res.body, ticket };
}

describe('POST /order-inprogress', () => {
  it('answers 409 for a ticket that is still pending', async () => {
    const s = await signUp(t);
    const { ticket } = await bookAndPay(t, s, draft);
    expectError(await orderInProgress(s, ticket.id), 409);
  });

  it('answers 409 for a completed ticket', async () => {
    const { customer, ticket } = await inProgressTicket();
    await t.database.db
      .update(tickets)
      .set({ status: 'completed', remarks: 'Done', completedAt: new Date() })
      .where(eq(tickets.id, ticket.id));
    expectError(await orderInProgress(customer, ticket.id), 409);
  });

  it("answers 403 for another customer's ticket", async () => {
    const { ticket } = await inProgressTicket();
    const other = await signUp(t);
    expectError(await orderInProgress(other, ticket.id), 403);
    // Naming yourself as the owner in the body changes nothing.
    expectError(
      await orderInProgress(other, ticket.id, {
        userId: other.user.id,
        notes: { userId: other.user.id, ticketId: ticket.id },
      }),
      403,
    );
    const orders = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(orders).toEqual([]);
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    const s = await signUp(t);
    expectError(await orderInProgress(s, randomUUID()), 404);
    expectError(await orderInProgress(s, 'not-a-uuid'), 400);
    expectError(await post(t, '/order-inprogress', { amount: 29900, currency: 'INR' }, s.headers), 400);
  });

  it.each([9900, 100, 299, 2990000, 0, 29899])(
    'refuses the client amount %j with 400 (the fee is 29900)',
    async (amount) => {
      const { customer, ticket } = await inProgressTicket();
      expectError(await orderInProgress(customer, ticket.id, { amount }), 400);
      expectError(await orderInProgress(customer, ticket.id, { currency: 'USD' }), 400);
    },
  );

  it('answers 401 when anonymous and 403 to the engineer and admin roles', async () => {
    const { ticket } = await inProgressTicket();
    expectError(await post(t, '/order-inprogress', { ticketId: ticket.id }), 401);
    expectError(await orderInProgress(engineer, ticket.id), 403);
    const admin = await signUp(t, {}, 'admin');
    expectError(await orderInProgress(admin, ticket.id), 403);
  });

  it('opens one order however many calls race for it (a double click, two tabs)', async () => {
    const { customer, ticket } = await inProgressTicket();
    const answers = await Promise.all(Array.from({ length: 8 }, () => orderInProgress(customer, ticket.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((r) => (r.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(rows.map((r) => r.orderId)).toEqual([...ids]);
  });

  it('answers 201 with amount 29900, and reuses the open order while it is unpaid', async () => {
    const { customer, ticket } = await inProgressTicket();
    const res = await orderInProgress(customer, ticket.id, {
      userId: randomUUID(),
      notes: { userId: randomUUID(), ticketId: ticket.id },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json() as { id: string; amount: number; currency: string; keyId: string };
    expect(Object.keys(order).sort()).toEqual(['amount', 'currency', 'id', 'keyId']);
    expect(order).toMatchObject({ amount: 29900, currency: 'INR' });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(row).toMatchObject({
      kind: 'inprogress',
      userId: customer.user.id,
      ticketId: ticket.id,
      amount: 29900,
      status: 'created',
    });

    const again = await orderInProgress(customer, ticket.id);
    expect(again.statusCode).toBe(201);
    expect((again.json() as { id: string }).id).toBe(order.id);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress'))),
    ).toHaveLength(1);
    // Unpaid: the list says so.
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'created' }]);
  });

  it('after a failed attempt, the same order is offered again and can be paid: never a second order to pay', async () => {
    // A failure is one attempt, not the order: Razorpay takes another payment on the same order, and
    // a late capture of it must not find a second order paid beside it.
    const { customer, ticket } = await inProgressTicket();
    const first = await openInProgressOrder(customer, ticket.id);
    await post(t, `/test-checkout/${first}`, { outcome: 'failure' }, customer.headers);
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'failed' }]);
    const again = await openInProgressOrder(customer, ticket.id);
    expect(again).toBe(first);
    await verify(t, customer, await testCheckoutPay(t, customer, again));
    expect(await inProgressPayments(customer)).toEqual([{ ticketId: ticket.id, status: 'verified' }]);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.kind, 'inprogress')));
    expect(rows.map((r) => [r.orderId, r.status])).toEqual([[first, 'verified']]);
    expectError(await orderInProgress(customer, ticket.id), 409);
  });

  it('once paid, lists the ticket as paid for its owner only, and refuses another order with 409', async () => {
    const { customer, ticket } = await inProgressTicket();
    // Another customer, also in progress, with an open order of their own.
    const { customer: other, ticket: otherTicket } = await inProgressTicket();
    await openInProgressOrder(other, otherTicket.id);

    await payInProgress(customer, ticket.id);
    const mine = await inProgressPayments(customer);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.ticketId).toBe(ticket.id);
    expect(['verified', 'captured']).toContain(mine[0]!.status);
    expect(Object.keys(mine[0]!).sort()).toEqual(['status', 'ticketId']);

    const theirs = await inProgressPayments(other);
    expect(theirs).toEqual([{ ticketId: otherTicket.id, status: 'created' }]);
    expect(JSON.stringify(theirs)).not.toContain(ticket.id);

    expectError(await orderInProgress(customer, ticket.id), 409);
    // A booking payment is never listed as an in-progress one.
    const fresh = await signUp(t);
    await bookAndPay(t, fresh, draft);
    expect(await inProgressPayments(fresh)).toEqual([]);
  });

  it('records the in-progress payment in the ticket history with its actor', async () => {
    const { customer, ticket } = await inProgressTicket();
    const orderId = await payInProgress(customer, ticket.id);
    const events = (await eventsOfTicket(t, ticket.id)).filter((e) => e.orderId === orderId);
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['payment_created', 'payment_captured', 'payment_verified']),
    );
    expect(events.find((e) => e.kind === 'payment_created')).toMatchObject({
      actorId: customer.user.id,
      detail: { kind: 'inprogress', amount: 29900 },
    });
    expect(events.find((e) => e.kind === 'payment_verified')?.actorId).toBe(customer.user.id);
  });

  it('an in-progress order cannot stand in for a booking payment (POST /api/tickets answers 402)', async () => {
    const { customer, ticket } = await inProgressTicket();
    const orderId = await payInProgress(customer, ticket.id);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId }, customer.headers), 402);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.userId, customer.user.id))).toHaveLength(1);
  });
});

describe("the engineer's contact details", () => {
  it('are withheld from the customer until the in-progress fee is paid (keys absent, not just empty)', async () => {
    const { customer, ticket } = await inProgressTicket();
    const before = await rawTicketJson(customer, ticket.id);
    const eng = before.ticket.engineer as Record<string, unknown>;
    expect(eng.name).toBe('Ravi Engineer');
    expect(Object.keys(eng)).not.toContain('email');
    expect(Object.keys(eng)).not.toContain('phone');
    expect(before.raw).not.toContain(engineer.user.email);
    expect(before.raw).not.toContain(engineer.user.phone);

    // An open or failed order does not reveal them either, nor do the other answers that carry the ticket.
    const orderId = await openInProgressOrder(customer, ticket.id);
    expect((await rawTicketJson(customer, ticket.id)).raw).not.toContain(engineer.user.email);
    await post(t, `/test-checkout/${orderId}`, { outcome: 'failure' }, customer.headers);
    expect((await rawTicketJson(customer, ticket.id)).raw).not.toContain(engineer.user.email);
    const viaTickets = await post(
      t,
      '/api/tickets',
      { ...draftBody(draft), orderId: (await bookingOrderOf(ticket.id))! },
      customer.headers,
    );
    expect(viaTickets.statusCode).toBe(200);
    expect(viaTickets.body).not.toContain(engineer.user.email);
    expect(viaTickets.body).not.toContain(engineer.user.phone);

    await payInProgress(customer, ticket.id);
    const after = await rawTicketJson(customer, ticket.id);
    expect(after.ticket.engineer).toEqual({
      id: engineer.user.id,
      name: 'Ravi Engineer',
      email: engineer.user.email,
      phone: engineer.user.phone,
    });
  });

  it("paying for one ticket reveals nothing on the customer's other in-progress ticket", async () => {
    const { customer, ticket } = await inProgressTicket();
    const { ticket: second } = await inProgressTicket(customer);
    await payInProgress(customer, ticket.id);
    expect(((await rawTicketJson(customer, ticket.id)).ticket.engineer as Record<string, unknown>).email).toBe(
      engineer.user.email,
    );
    const other = (await rawTicketJson(customer, second.id)).ticket.engineer as Record<string, unknown>;
    expect(Object.keys(other).sort()).toEqual(['id', 'name']);
  });
});

async function bookingOrderOf(ticketId: string) {
  const [row] = await t.database.db
    .select({ orderId: tickets.bookingOrderId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row?.orderId;
}

describe('customers and ticket status', () => {
  it('have no route to change a status (PATCH /api/tickets/{id} is 404) nor to delete a ticket', async () => {
    const { customer, ticket } = await inProgressTicket();
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/tickets/${ticket.id}`,
        payload: { status: 'completed' },
        headers: customer.headers,
      });
      expectError(res, 404);
    }
    // Staff routes refuse a customer (or do not exist).
    for (const [method, url, payload] of [
      ['PATCH', `/api/admin/tickets/${ticket.id}`, { status: 'completed' }],
      ['PATCH', `/api/tickets/${ticket.id}/complete`, { remarks: 'Fixed it myself' }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: customer.headers });
      expect([403, 404]).toContain(res.statusCode);
    }
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'in-progress', remarks: null, completedAt: null });
  });

  it('POST /api/tickets never takes a status from the body', async () => {
    const s = await signUp(t);
    const order = await post(t, '/order', { ...draftBody(draft), status: 'completed' }, s.headers);
    expect(order.statusCode).toBe(201);
    const orderId = (order.json() as { id: string }).id;
    await testCheckoutPay(t, s, orderId);
    const res = await post(
      t,
      '/api/tickets',
      {
        ...draftBody(draft),
        orderId,
        status: 'completed',
        engineerId: engineer.user.id,
        remarks: 'x',
      },
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as { ticket: Ticket }).ticket).toMatchObject({
      status: 'pending',
      engineer: null,
      remarks: null,
    });

    // And on a ticket already in progress, it does not move it either.
    const { customer, ticket, orderId: bookingOrder } = await inProgressTicket();
    const again = await post(
      t,
      '/api/tickets',
      { ...draftBody(draft), orderId: bookingOrder, status: 'completed' },
      customer.headers,
    );
    expect(again.statusCode).toBe(200);
    expect((again.json() as { ticket: Ticket }).ticket.status).toBe('in-progress');
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.status).toBe('in-progress');
    expect((await listTickets(t, customer)).tickets[0]?.status).toBe('in-progress');
  });
});
