import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema/index.js';
import { createTestProvider } from '../../src/server/modules/payments/providers/test-provider.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, type Session, signUp, subServices } from '../support/api.js';
import {
  bookAndPay,
  type Draft,
  draftBody,
  eventsOfOrder,
  eventsOfTicket,
  get,
  listTickets,
  openBookingOrder,
  paymentRow,
  paymentStatusOf,
  post,
  serviceDraft,
  testCheckoutPay,
  ticketRowsOfOrder,
  ticketRowsOfUser,
  verify,
} from '../support/booking.js';
import {
  RAZORPAY_ENV,
  type RazorpayStandIn,
  razorpayCheckout,
  razorpayWebhook,
  startRazorpayStandIn,
} from '../support/razorpay-stand-in.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

/** The app on the built-in test provider (the embedded default). */
let t: TestApp;
/** The app on Razorpay, its Orders API played by a local stand-in. */
let rz: TestApp;
let standIn: RazorpayStandIn;
let draft: Draft;

beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  [t, rz] = await Promise.all([
    createTestApp(),
    createTestApp({ ...RAZORPAY_ENV }, { razorpayApiUrl: standIn.url }),
  ]);
  draft = await serviceDraft(t);
});
afterAll(async () => {
  await Promise.all([t?.close(), rz?.close()]);
  await standIn?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A checkout answer signed with the test provider's secret, as its built-in checkout would sign it. */
function testProviderSignature(orderId: string) {
  const { paymentId, signature } = createTestProvider(TEST_JWT_SECRET).signCheckout(orderId);
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  };
}

const orderBody = (d: Draft, extra: Record<string, unknown> = {}) => ({
  amount: 9900,
  currency: 'INR',
  ...draftBody(d),
  ...extra,
});

describe('POST /order (booking)', () => {
  it('answers 401 to an anonymous caller', async () => {
    expectError(await post(t, '/order', orderBody(draft)), 401);
    expectError(
      await post(t, '/order', orderBody(draft), { authorization: 'Bearer not-a-token' }),
      401,
    );
  });

  it.each(['engineer', 'admin'] as const)(
    'answers 403 to the %s role (customers only)',
    async (role) => {
      const s = await signUp(t, {}, role);
      expectError(await post(t, '/order', orderBody(draft), s.headers), 403);
      const count = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.userId, s.user.id));
      expect(count).toEqual([]);
    },
  );

  it.each([100, 990000, 0, -9900, 9899, 9901, 9900.5, 29900])(
    'refuses the client amount %j with 400 (the fee is 9900)',
    async (amount) => {
      const s = await signUp(t);
      expectError(await post(t, '/order', orderBody(draft, { amount }), s.headers), 400);
      expect(
        await t.database.db.select().from(payments).where(eq(payments.userId, s.user.id)),
      ).toEqual([]);
    },
  );

  it.each(['USD', 'inr', '', 'EUR'])(
    'refuses the currency %j with 400 (INR only)',
    async (currency) => {
      const s = await signUp(t);
      expectError(await post(t, '/order', orderBody(draft, { currency }), s.headers), 400);
    },
  );

  it('refuses a sub-service of another main service with 400', async () => {
    const s = await signUp(t);
    const other = await serviceDraft(t, 1);
    expect(other.mainServiceId).not.toBe(draft.mainServiceId);
    expectError(
      await post(t, '/order', orderBody(draft, { subServiceId: other.subServiceId }), s.headers),
      400,
    );
    // A main service given as the sub-service, and an unknown id, are refused too.
    expectError(
      await post(t, '/order', orderBody(draft, { subServiceId: draft.mainServiceId }), s.headers),
      400,
    );
    expectError(
      await post(t, '/order', orderBody(draft, { mainServiceId: randomUUID() }), s.headers),
      400,
    );
    expectError(
      await post(t, '/order', orderBody(draft, { subServiceId: 'not-a-uuid' }), s.headers),
      400,
    );
  });

  it('refuses a missing or blank description with 400', async () => {
    const s = await signUp(t);
    const { description: _omit, ...withoutDescription } = orderBody(draft);
    expectError(await post(t, '/order', withoutDescription, s.headers), 400);
    expectError(await post(t, '/order', orderBody(draft, { description: '   ' }), s.headers), 400);
    expectError(
      await post(t, '/order', orderBody(draft, { description: 'x'.repeat(2001) }), s.headers),
      400,
    );
  });

  it('answers 201 { id, amount: 9900, currency: INR, keyId } and makes no ticket yet', async () => {
    const s = await signUp(t);
    const res = await post(
      t,
      '/order',
      {
        ...orderBody(draft),
        receipt: 'mine',
        notes: { userId: randomUUID(), userEmail: 'x@example.com' },
      },
      s.headers,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['amount', 'currency', 'id', 'keyId']);
    expect(body).toMatchObject({ amount: 9900, currency: 'INR' });
    expect(typeof body.id).toBe('string');
    expect(String(body.keyId).length).toBeGreaterThan(0);

    expect((await listTickets(t, s)).tickets).toEqual([]);
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
    expect(await paymentStatusOf(t, s, String(body.id))).toBe('created');
    // The order belongs to the token's user, whatever the notes said, for the server's fee.
    expect(await paymentRow(t, String(body.id))).toMatchObject({
      userId: s.user.id,
      amount: 9900,
      currency: 'INR',
      kind: 'booking',
      status: 'created',
    });
  });

  it('accepts a body without amount or currency (the server knows the fee)', async () => {
    const s = await signUp(t);
    const res = await post(t, '/order', draftBody(draft), s.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 9900, currency: 'INR' });
  });
});

describe('the test provider checkout (POST /test-checkout/{orderId})', () => {
  it('on success answers the widget fields and the ticket exists at once, exactly once (browser closed after paying)', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, s.headers);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Record<string, string>;
    expect(Object.keys(answer).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(answer.razorpay_order_id).toBe(order.id);

    // The page never calls /verify: the ticket is there anyway.
    const rows = await ticketRowsOfOrder(t, order.id);
    expect(rows).toHaveLength(1);
    const list = (await listTickets(t, s)).tickets;
    expect(list.map((x) => x.id)).toEqual([rows[0]!.id]);
    expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
  });

  it('then /verify with that answer answers 200 { status: success, ticket } with the same ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const answer = await testCheckoutPay(t, s, order.id);
    const [row] = await ticketRowsOfOrder(t, order.id);
    const res = await verify(t, s, answer);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; ticket: Ticket };
    expect(Object.keys(body).sort()).toEqual(['status', 'ticket']);
    expect(body.status).toBe('success');
    expect(body.ticket.id).toBe(row!.id);
    expect(await ticketRowsOfOrder(t, order.id)).toHaveLength(1);
    expect(await paymentStatusOf(t, s, order.id)).toBe('verified');
    // Verifying again changes nothing.
    const again = await verify(t, s, answer);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { ticket: Ticket }).ticket.id).toBe(row!.id);
    expect(await ticketRowsOfUser(t, s.user.id)).toHaveLength(1);
  });

  it('on failure answers { status: failed }, the status is failed and there is no ticket', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    const res = await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'failed' });
    expect(await paymentStatusOf(t, s, order.id)).toBe('failed');
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
    expect((await listTickets(t, s)).tickets).toEqual([]);
    expectError(
      await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers),
      402,
    );
  });

  it("answers 403 for another customer's order and changes nothing", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const order = await openBookingOrder(t, owner, draft);
    expectError(
      await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, other.headers),
      403,
    );
    expectError(
      await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, other.headers),
      403,
    );
    expect(await paymentStatusOf(t, owner, order.id)).toBe('created');
    expect(await ticketRowsOfOrder(t, order.id)).toEqual([]);
  });

  it('answers 409 to a failure after a success and keeps the order paid', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    await testCheckoutPay(t, s, order.id);
    expectError(
      await post(t, `/test-checkout/${order.id}`, { outcome: 'failure' }, s.headers),
      409,
    );
    expect(await paymentStatusOf(t, s, order.id)).toBe('captured');
    expect(await ticketRowsOfOrder(t, order.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown order, 400 for a bad outcome and 401 when anonymous', async () => {
    const s = await signUp(t);
    expectError(
      await post(t, '/test-checkout/order_test_nope', { outcome: 'success' }, s.headers),
      404,
    );
    const order = await openBookingOrder(t, s, draft);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'maybe' }, s.headers), 400);
    expectError(await post(t, `/test-checkout/${order.id}`, {}, s.headers), 400);
    expectError(await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }), 401);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
  });
});

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
  it('answers 400 without an orderId', async () => {
    const s = await signUp(t);
    expectError(await post(t, '/api/tickets', draftBody(draft), s.headers), 400);
    expectError(
      await post(t, '/api/tickets', { ...draftBody(draft), orderId: '' }, s.headers),
      400,
    );
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
  });

  it('answers 402 for an unpaid order, and for an unknown one', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    expectError(
      await post(t, '/api/tickets', { ...draftBody(draft), orderId: order.id }, s.headers),
      402,
    );
    expectError(
      await post(
        t,
        '/api/tickets',
        { ...draftBody(draft), orderId: 'order_test_made_up' },
        s.headers,
      ),
      402,
    );
    expect(await ticketRowsOfUser(t, s.user.id)).toEqual([]);
  });

  it("answers 402 for another customer's paid order", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { orderId } = await bookAndPay(t, owner, draft);
    expectError(
      await post(t, '/api/tickets', { ...draftBody(draft), orderId }, other.headers),
      402,
    );
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
    expectError(
      await post(t, '/api/tickets', { ...draftBody(draft), orderId }, admin.headers),
      403,
    );
  });
});

describe('GET /payment-status/{orderId}', () => {
  it('answers the owner the status read from the database', async () => {
    const s = await signUp(t);
    const order = await openBookingOrder(t, s, draft);
    expect(await paymentStatusOf(t, s, order.id)).toBe('created');
    for (const status of ['failed', 'captured', 'verified', 'created'] as const) {
      await t.database.db.update(payments).set({ status }).where(eq(payments.orderId, order.id));
      const res = await get(t, `/payment-status/${order.id}`, s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status });
    }
  });

  it("answers 403 for another customer's order, 404 for an unknown one and 401 when anonymous", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const order = await openBookingOrder(t, owner, draft);
    expectError(await get(t, `/payment-status/${order.id}`, other.headers), 403);
    expectError(await get(t, '/payment-status/order_test_unknown', owner.headers), 404);
    expectError(await get(t, `/payment-status/${order.id}`), 401);
  });
});

describe('the ticket JSON', () => {
  it('has the label "Main › Sub", the service names, status pending, the customer and no engineer', async () => {
    const s = await signUp(t, { name: 'Meera Iyer', phone: '+91 91234 56789' });
    const { ticket } = await bookAndPay(t, s, draft);
    expect(ticket).toEqual({
      id: expect.stringMatching(UUID),
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
    });
    expect(Math.abs(Date.parse(ticket.createdAt) - Date.now())).toBeLessThan(60_000);
    const [listed] = (await listTickets(t, s)).tickets;
    expect(listed).toEqual(ticket);
    // The sub-service really belongs to the main service named.
    expect((await subServices(t.app, draft.mainServiceId)).map((x) => x.name)).toContain(
      ticket.subService.name,
    );
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
      expect.arrayContaining([
        'payment_created',
        'payment_captured',
        'payment_verified',
        'created',
      ]),
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

/** 20 concurrent calls of the given kinds, in a mixed order. */
function mixed<K extends string>(kinds: K[], n = 20): K[] {
  return Array.from({ length: n }, (_, i) => kinds[(i * 7 + 3) % kinds.length]!);
}

async function expectOneTicket(
  app: TestApp,
  s: Session,
  orderId: string,
  answers: { statusCode: number; body: string; kind: string }[],
) {
  const rows = await ticketRowsOfOrder(app, orderId);
  expect(rows).toHaveLength(1);
  const id = rows[0]!.id;
  for (const a of answers) {
    if (a.kind === 'webhook') {
      expect(a.statusCode, a.body).toBe(200);
      continue;
    }
    if (a.kind === 'tickets' && a.statusCode === 402) continue; // came before the payment was confirmed
    expect([200, 201], `${a.kind}: ${a.body}`).toContain(a.statusCode);
    expect((JSON.parse(a.body) as { ticket: Ticket }).ticket.id).toBe(id);
  }
  // At most one call may say it created the ticket.
  expect(
    answers.filter((a) => a.kind === 'tickets' && a.statusCode === 201).length,
  ).toBeLessThanOrEqual(1);
  expect(await ticketRowsOfUser(app, s.user.id)).toHaveLength(1);
  expect((await eventsOfTicket(app, id)).filter((e) => e.kind === 'created')).toHaveLength(1);
}

describe('concurrency', () => {
  it('20 concurrent verify and POST /api/tickets calls make exactly one ticket (test provider)', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      const signed = testProviderSignature(order.id);
      const answers = await Promise.all(
        mixed(['verify', 'tickets'] as const).map(async (kind) => {
          const res =
            kind === 'verify'
              ? await verify(t, s, signed)
              : await post(
                  t,
                  '/api/tickets',
                  { ...draftBody(draft), orderId: order.id },
                  s.headers,
                );
          return { kind, statusCode: res.statusCode, body: res.body };
        }),
      );
      await expectOneTicket(t, s, order.id, answers);
    }
  });

  it('20 concurrent POST /api/tickets calls on a paid order whose ticket is not made yet make exactly one', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await signUp(t);
      const order = await openBookingOrder(t, s, draft);
      // Paid, ticket not yet made: the state the three creators race from.
      await t.database.db
        .update(payments)
        .set({ status: 'captured', providerPaymentId: 'pay_x' })
        .where(eq(payments.orderId, order.id));
      const answers = await Promise.all(
        mixed(['tickets', 'verify'] as const).map(async (kind) => {
          const res =
            kind === 'verify'
              ? await verify(t, s, testProviderSignature(order.id))
              : await post(
                  t,
                  '/api/tickets',
                  { ...draftBody(draft), orderId: order.id },
                  s.headers,
                );
          return { kind, statusCode: res.statusCode, body: res.body };
        }),
      );
      expect(answers.every((a) => a.statusCode !== 402)).toBe(true);
      await expectOneTicket(t, s, order.id, answers);
    }
  });

  it('20 concurrent verify, webhook and POST /api/tickets calls make exactly one ticket (Razorpay)', async () => {
    const d = await serviceDraft(rz);
    for (let round = 0; round < 3; round++) {
      const s = await signUp(rz);
      const order = await openBookingOrder(rz, s, d);
      const checkout = razorpayCheckout(order.id);
      const hook = razorpayWebhook('payment.captured', {
        orderId: order.id,
        amount: 9900,
        paymentId: checkout.razorpay_payment_id,
      });
      const answers = await Promise.all(
        mixed(['verify', 'webhook', 'tickets'] as const).map(async (kind) => {
          const res =
            kind === 'verify'
              ? await verify(rz, s, checkout)
              : kind === 'webhook'
                ? await rz.app.inject({
                    method: 'POST',
                    url: '/webhooks/razorpay',
                    payload: hook.payload,
                    headers: hook.headers,
                  })
                : await post(rz, '/api/tickets', { ...draftBody(d), orderId: order.id }, s.headers);
          return { kind, statusCode: res.statusCode, body: res.body };
        }),
      );
      await expectOneTicket(rz, s, order.id, answers);
      expect(['captured', 'verified']).toContain(await paymentStatusOf(rz, s, order.id));
    }
  });
});

describe('the Razorpay webhook', () => {
  const sendHook = (hook: { payload: string; headers: Record<string, string> }) =>
    rz.app.inject({
      method: 'POST',
      url: '/webhooks/razorpay',
      payload: hook.payload,
      headers: hook.headers,
    });

  it('changes nothing when the same delivery is replayed (one ticket, one captured event)', async () => {
    const d = await serviceDraft(rz);
    const s = await signUp(rz);
    const order = await openBookingOrder(rz, s, d);
    const hook = razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 });
    for (let i = 0; i < 3; i++) {
      const res = await sendHook(hook);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const rows = await ticketRowsOfOrder(rz, order.id);
    expect(rows).toHaveLength(1);
    const events = await eventsOfOrder(rz, order.id);
    expect(events.filter((e) => e.kind === 'payment_captured')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'created')).toHaveLength(1);
    expect(await paymentStatusOf(rz, s, order.id)).toBe('captured');
    // A late payment.failed for the same order does not un-pay it.
    expect(
      (await sendHook(razorpayWebhook('payment.failed', { orderId: order.id, amount: 9900 })))
        .statusCode,
    ).toBe(200);
    expect(await paymentStatusOf(rz, s, order.id)).toBe('captured');
    expect(await ticketRowsOfOrder(rz, order.id)).toHaveLength(1);
  });

  it('does not mark an order paid when the amount or currency does not match the order', async () => {
    const d = await serviceDraft(rz);
    const s = await signUp(rz);
    const order = await openBookingOrder(rz, s, d);
    for (const tampered of [
      { amount: 100 },
      { amount: 990000 },
      { amount: 9900, currency: 'USD' },
    ]) {
      const res = await sendHook(
        razorpayWebhook('payment.captured', { orderId: order.id, ...tampered }),
      );
      expect(res.statusCode).toBe(200);
    }
    expect(await paymentStatusOf(rz, s, order.id)).toBe('created');
    expect(await ticketRowsOfOrder(rz, order.id)).toEqual([]);
    expectError(
      await post(rz, '/api/tickets', { ...draftBody(d), orderId: order.id }, s.headers),
      402,
    );
    // The right amount afterwards still settles it.
    expect(
      (await sendHook(razorpayWebhook('payment.captured', { orderId: order.id, amount: 9900 })))
        .statusCode,
    ).toBe(200);
    expect(await paymentStatusOf(rz, s, order.id)).toBe('captured');
    expect(await ticketRowsOfOrder(rz, order.id)).toHaveLength(1);
  });
});
