import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import {
  type Draft,
  draftBody,
  get,
  listTickets,
  patch,
  post,
  serviceDraft,
  testCheckoutPay,
  verify,
} from '../support/booking.js';
import { inProgressHelpers } from '../support/inprogress.js';
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

const { inProgressTicket, orderInProgress, openInProgressOrder, payInProgress } = inProgressHelpers(() => ({
  t,
  draft,
  engineer,
}));

/** The raw JSON of one of the customer's tickets, as GET /api/tickets sends it. */
async function rawTicketJson(s: Session, ticketId: string): Promise<{ raw: string; ticket: Record<string, unknown> }> {
  const res = await get(t, '/api/tickets', s.headers);
  expect(res.statusCode).toBe(200);
  const all = (JSON.parse(res.body) as { tickets: Record<string, unknown>[] }).tickets;
  const ticket = all.find((x) => x.id === ticketId);
  if (!ticket) throw new Error('ticket not listed');
  return { raw: res.body, ticket };
}

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

  // Issue 26: an order opened while the ticket was in progress, paid after an admin put it back to
  // pending, revealed the engineer's contact on a pending ticket. The fee stays paid (never charged
  // twice), but the contact shows only while the ticket is in progress or completed.
  it('a fee captured after the ticket went back to pending reveals nothing until it is in progress again', async () => {
    const admin = await signUp(t, {}, 'admin');
    const { customer, ticket } = await inProgressTicket();
    const orderId = await openInProgressOrder(customer, ticket.id);
    const setStatus = async (status: string) =>
      expect((await patch(t, `/api/admin/tickets/${ticket.id}`, { status }, admin.headers)).statusCode).toBe(200);
    await setStatus('pending');

    const late = await verify(t, customer, await testCheckoutPay(t, customer, orderId));
    expect(late.statusCode).toBe(200);
    expect(late.body).not.toContain(engineer.user.email);
    const pending = await rawTicketJson(customer, ticket.id);
    expect(pending.ticket.status).toBe('pending');
    expect(Object.keys(pending.ticket.engineer as object).sort()).toEqual(['id', 'name']);
    expect(pending.raw).not.toContain(engineer.user.email);
    expect(pending.raw).not.toContain(engineer.user.phone);

    // In progress again: the fee already paid counts, and no second one is asked for.
    await setStatus('in-progress');
    expect((await rawTicketJson(customer, ticket.id)).ticket.engineer).toMatchObject({
      email: engineer.user.email,
      phone: engineer.user.phone,
    });
    expectError(await orderInProgress(customer, ticket.id), 409);
    await setStatus('completed');
    expect((await rawTicketJson(customer, ticket.id)).ticket.engineer).toMatchObject({ email: engineer.user.email });
  });

  it("are on the staff's lists whether or not the fee is paid (the engineer's own list, the admin's, by status too)", async () => {
    const admin = await signUp(t, {}, 'admin');
    const { customer, ticket } = await inProgressTicket();
    const contact = {
      id: engineer.user.id,
      name: 'Ravi Engineer',
      email: engineer.user.email,
      phone: engineer.user.phone,
    };
    const staffSees = async () => {
      for (const [path, s] of [
        ['/api/engineer/assigned-tickets?limit=100', engineer],
        ['/api/admin/tickets?limit=100', admin],
        ['/api/admin/tickets?status=in-progress&limit=100', admin],
        ['/api/admin/tickets?status=in-progress', admin],
      ] as const) {
        const res = await get(t, path, s.headers);
        expect(res.statusCode, path).toBe(200);
        const listed = (res.json() as { tickets: Ticket[] }).tickets.find((x) => x.id === ticket.id);
        expect(listed?.engineer, path).toEqual(contact);
      }
    };
    await staffSees();
    expect(Object.keys((await rawTicketJson(customer, ticket.id)).ticket.engineer as object).sort()).toEqual([
      'id',
      'name',
    ]);
    await payInProgress(customer, ticket.id);
    await staffSees();
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
