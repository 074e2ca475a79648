import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, signUp, subServices } from '../support/api.js';
import {
  bookAndPay,
  type Draft,
  draftBody,
  eventsOfOrder,
  eventsOfTicket,
  listTickets,
  openBookingOrder,
  paymentStatusOf,
  post,
  serviceDraft,
  testProviderSignature,
  ticketRowsOfOrder,
  ticketRowsOfUser,
  verify,
} from '../support/booking.js';
import { razorpayCheckout } from '../support/razorpay-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The app on the built-in test provider (the embedded default). */
let t: TestApp;
let draft: Draft;

beforeAll(async () => {
  t = await createTestApp();
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /verify', () => {
  it('makes the ticket itself from a valid signature (no checkout call needed)', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await verify(t, s, testProviderSignature(order.id));
    expect(res.statusCode).toBe(200);
    const { ticket } = res.json() as { ticket: Ticket };
    expect((await ticketRowsOfOrder(t, order.id)).map((r) => r.id)).toEqual([ticket.id]);
    expect(await paymentStatusOf(t, s, order.id)).toBe('verified');
  });

  it("answers the booking's ticket, as the customer's list shows it: the page needs no other call", async () => {
    const s = await signUp(t, { name: 'Kiran Das' });
    const order = await openBookingOrder(t, s, draft);
    const res = await verify(t, s, testProviderSignature(order.id));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; ticket: Ticket };
    expect(Object.keys(body).sort()).toEqual(['status', 'ticket']);
    expect(body.status).toBe('success');
    expect(body.ticket).toMatchObject({
      service: `${draft.main.name} › ${draft.sub.name}`,
      description: draft.description,
      status: 'pending',
      user: { name: 'Kiran Das', email: s.user.email },
      engineer: null,
    });
    expect(body.ticket.id).toMatch(UUID);
    expect((await listTickets(t, s)).tickets).toEqual([body.ticket]);
    // POST /api/tickets (kept for other clients) answers the same ticket and makes no other.
    const again = await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { ticket: Ticket }).ticket).toEqual(body.ticket);
    expect(await ticketRowsOfOrder(t, order.id)).toHaveLength(1);
  });

  it('answers 400 "Payment verification failed" to a tampered signature and makes no ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const good = testProviderSignature(order.id);
    const flip = (sig: string) => (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    const other = await openBookingOrder(t, s, draft);
    const tampered = [
      { ...good, razorpay_signature: flip(good.razorpay_signature) },
      { ...good, razorpay_signature: good.razorpay_signature.slice(0, -2) },
      {
        ...good,
        razorpay_signature: good.razorpay_signature.toUpperCase().replace(/[0-9A-F]/, 'Z'),
      },
      { ...good, razorpay_signature: 'not hex at all' },
      { ...good, razorpay_payment_id: 'pay_someone_else' },
      // A real signature, but for another order.
      { ...testProviderSignature(other.id), razorpay_order_id: order.id },
      // Razorpay-style signature with a guessed secret.
      razorpayCheckout(order.id, 'guessed-secret'),
    ];
    for (const body of tampered) {
      expectError(await verify(t, s, body), 400, 'Payment verification failed');
    }
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
  });

  it("answers 403 for someone else's order, even with a valid signature", async () => {
    const owner = await signUp(t);
    const thief = await signUp(t);
    const order = await openBookingOrder(t, owner, draft);
    expectError(await verify(t, thief, testProviderSignature(order.id)), 403);
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
    expect(await ticketRowsOfUser(t, thief.user.id)).toEqual([]);
    expect(await paymentStatusOf(t, owner, order.id)).toBe('created');
  });

  it('answers 404 for an unknown order', async () => {
    const s = await signUp(t);
    expectError(await verify(t, s, testProviderSignature('order_test_unknown')), 404);
  });

  it('answers 400 to a malformed body and 401 when anonymous', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const good = testProviderSignature(order.id);
    const bodies: unknown[] = [
      {},
      { razorpay_order_id: order.id },
      { ...good, razorpay_signature: '' },
      { ...good, razorpay_payment_id: 42 },
      { ...good, razorpay_order_id: 'o'.repeat(500) },
      [good],
    ];
    for (const body of bodies) expectError(await verify(t, s, body as never), 400);
    for (const payload of ['{"razorpay_order_id":', 'null', '']) {
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/verify',
          payload,
          headers: { ...s.headers, 'content-type': 'application/json' },
        }),
        400,
      );
    }
    expectError(await post(t, '/verify', good), 401);
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
  });
});

describe('POST /api/tickets', () => {
  // Issue 26, DECISIONS §4: a body without a paid, unused order of this customer is 402. A client
  // following SPEC.md §7 sends the draft (mainServiceId, subServiceId, description) and no orderId.
  it('answers 402 { error } to the SPEC body without an orderId (or with a blank or null one), and makes no ticket', async () => {
    const s = await signUp(t);
    for (const body of [
      draftBody(draft),
      { ...draftBody(draft), orderId: '' },
      { ...draftBody(draft), orderId: null },
    ]) {
      const res = await post(t, '/api/tickets', body, s.headers);
      expectError(res, 402);
      expect(Object.keys(res.json() as object)).toEqual(['error']);
    }
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
  });

  it('still answers 400 to a malformed body: wrong types, or the draft missing', async () => {
    const s = await signUp(t);
    for (const body of [
      { ...draftBody(draft), orderId: 42 },
      { ...draftBody(draft), orderId: ['order_x'] },
      { ...draftBody(draft), mainServiceId: 7 },
      { ...draftBody(draft), description: { text: 'x' } },
      {},
    ]) {
      expectError(await post(t, '/api/tickets', body, s.headers), 400);
    }
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
  });

  it('answers 402 for an unpaid order, and for an unknown one', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers), 402);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId: 'order_test_made_up' }, s.headers), 402);
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
  });

  it("answers 402 for another customer's paid order", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { orderId } = await bookAndPay(t, owner, draft);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId }, other.headers), 402);
    expect(await ticketRowsOfUser(t, other.user.id)).toEqual([]);
    expect((await listTickets(t, other)).tickets).toEqual([]);
  });

  it("answers a paid order with verify's ticket; repeating it answers the same ticket and makes no other", async () => {
    const s = await signUp(t);
    const { orderId, ticket } = await bookAndPay(t, s, draft);
    for (let i = 0; i < 3; i++) {
      const res = await post(t, '/api/tickets', { ...draftBody(draft), orderId }, s.headers);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { ticket: Ticket }).ticket).toEqual(ticket);
    }
    expect(await ticketRowsOfUser(t, s.user.id)).toHaveLength(1);
    expect((await listTickets(t, s)).tickets).toHaveLength(1);
  });

  it('keeps the draft stored with the order, whatever draft the later call sends', async () => {
    const s = await signUp(t);
    const { orderId, ticket } = await bookAndPay(t, s, draft);
    const other = await serviceDraft(t, 2, 'Something else entirely');
    const res = await post(t, '/api/tickets', { ...draftBody(other), orderId }, s.headers);
    expect((res.json() as { ticket: Ticket }).ticket).toEqual(ticket);
    expect(ticket.description).toBe(draft.description);
  });

  it('answers 401 when anonymous and 403 to staff', async () => {
    const s = await signUp(t);
    const { orderId } = await bookAndPay(t, s, draft);
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId }), 401);
    const admin = await signUp(t, {}, 'admin');
    expectError(await post(t, '/api/tickets', { ...draftBody(draft), orderId }, admin.headers), 403);
  });
});

describe('the ticket JSON', () => {
  it('has the label "Main › Sub", the service names, status pending, the customer and no engineer', async () => {
    const s = await signUp(t, { name: 'Meera Iyer', phone: '+91 91234 56789' });
    const { ticket } = await bookAndPay(t, s, draft);
    expect(ticket).toEqual({
      id: expect.stringMatching(UUID),
      number: expect.stringMatching(/^RF-\d{4,}$/),
      service: `${draft.main.name} › ${draft.sub.name}`,
      mainService: { name: draft.main.name },
      subService: { name: draft.sub.name },
      description: draft.description,
      status: 'pending',
      createdAt: expect.any(String),
      completedAt: null,
      remarks: null,
      user: { name: 'Meera Iyer', email: s.user.email, phone: s.user.phone },
      engineer: null,
      rating: null,
      remoteAccess: null,
      // No message yet: nothing unread (every ticket answer counts the caller's, the lists included).
      unread: 0,
    });
    expect(Math.abs(Date.parse(ticket.createdAt) - Date.now())).toBeLessThan(60_000);
    const [listed] = (await listTickets(t, s)).tickets;
    expect(listed).toEqual(ticket);
    // The sub-service really belongs to the main service named.
    expect((await subServices(t.app, draft.mainServiceId)).map((x) => x.name)).toContain(ticket.subService.name);
  });
});

describe('the ticket history', () => {
  it('records payment_created, payment_captured, payment_verified and created with actor and time', async () => {
    const s = await signUp(t);
    const before = Date.now() - 5_000;
    const { orderId, ticket } = await bookAndPay(t, s, draft);
    const events = await eventsOfTicket(t, ticket.id);
    const kinds = events.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['payment_created', 'payment_captured', 'payment_verified', 'created']),
    );
    expect(kinds.filter((k) => k === 'created')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'payment_created')).toHaveLength(1);
    for (const e of events) {
      expect(e.orderId).toBe(orderId);
      expect(e.ticketId).toBe(ticket.id);
      expect(e.createdAt).toBeInstanceOf(Date);
      expect(e.createdAt.getTime()).toBeGreaterThan(before);
      expect(e.createdAt.getTime()).toBeLessThan(Date.now() + 5_000);
    }
    const byKind = (k: string) => events.find((e) => e.kind === k)!;
    // The customer opened, verified and (through the checkout) made the ticket; the capture was the provider's.
    expect(byKind('payment_created').actorId).toBe(s.user.id);
    expect(byKind('payment_verified').actorId).toBe(s.user.id);
    expect(byKind('created').actorId).toBe(s.user.id);
    expect(byKind('payment_captured').actorId).toBeNull();
    expect(byKind('payment_created').detail).toMatchObject({ kind: 'booking', amount: 9900 });
    // Nothing about this order is left unlinked.
    expect((await eventsOfOrder(t, orderId)).every((e) => e.ticketId === ticket.id)).toBe(true);
  });

  it('records a failed payment against its order', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, s.headers);
    const events = await eventsOfOrder(t, order.id);
    expect(events.map((e) => e.kind)).toEqual(['payment_created', 'payment_failed']);
    expect(events.every((e) => e.ticketId === null)).toBe(true);
  });
});
