import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments, ticketEvents, tickets } from '../../src/server/db/schema/index.js';
import { createTestProvider } from '../../src/server/modules/payments/providers/test-provider.js';
import type { OrderResponse } from '../../src/shared/contracts/payments.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { mainServices, type Session, signUp, subServices } from './api.js';
import { TEST_JWT_SECRET, type TestApp } from './test-app.js';

export interface Draft {
  mainServiceId: string;
  subServiceId: string;
  description: string;
  main: { id: string; name: string };
  sub: { id: string; name: string };
}

/** A valid ticket draft from the seeded catalogue (the `index`-th main service that has sub-services). */
export async function serviceDraft(
  t: TestApp,
  index = 0,
  description = 'The laptop shows a blue screen after every update.',
): Promise<Draft> {
  const mains = await mainServices(t.app);
  const withSubs: Draft[] = [];
  for (const main of mains) {
    const [sub] = await subServices(t.app, main.id);
    if (sub) withSubs.push({ mainServiceId: main.id, subServiceId: sub.id, description, main, sub });
  }
  const draft = withSubs[index % withSubs.length];
  if (!draft) throw new Error('the seeded catalogue has no sub-services');
  return draft;
}

export const draftBody = (d: Draft) => ({
  mainServiceId: d.mainServiceId,
  subServiceId: d.subServiceId,
  description: d.description,
});

export const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

export const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** PATCH takes what `post` takes, and DELETE what `get` takes. */
export const patch = (...[t, url, payload, headers = {}]: Parameters<typeof post>) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers });

export const del = (...[t, url, headers = {}]: Parameters<typeof get>) =>
  t.app.inject({ method: 'DELETE', url, headers });

/** POST /order for the draft; fails the test unless it answers 201. */
export async function openBookingOrder(
  t: TestApp,
  s: Session,
  d: Draft,
  extra: Record<string, unknown> = {},
): Promise<OrderResponse> {
  const res = await post(
    t,
    '/order',
    {
      amount: 9900,
      currency: 'INR',
      receipt: 'receipt_client',
      notes: { userId: s.user.id, userEmail: s.user.email },
      ...draftBody(d),
      ...extra,
    },
    s.headers,
  );
  if (res.statusCode !== 201) throw new Error(`POST /order answered ${res.statusCode}: ${res.body}`);
  return res.json() as OrderResponse;
}

export interface CheckoutAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The test provider's built-in checkout: "Pay". */
export async function testCheckoutPay(t: TestApp, s: Session, orderId: string): Promise<CheckoutAnswer> {
  const res = await post(t, `/test-checkout/${orderId}`, { outcome: 'success' }, s.headers);
  if (res.statusCode !== 200) throw new Error(`test-checkout answered ${res.statusCode}: ${res.body}`);
  return res.json() as CheckoutAnswer;
}

/** A checkout answer signed with the test provider's secret, as its built-in checkout would sign it. */
export function testProviderSignature(orderId: string): CheckoutAnswer {
  const { paymentId, signature } = createTestProvider(TEST_JWT_SECRET).signCheckout(orderId);
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  };
}

export async function verify(t: TestApp, s: Session, answer: CheckoutAnswer) {
  return post(t, '/verify', answer, s.headers);
}

/** Books and pays through the test provider, the way the page does: order, checkout, verify. */
export async function bookAndPay(t: TestApp, s: Session, d: Draft): Promise<{ orderId: string; ticket: Ticket }> {
  const order = await openBookingOrder(t, s, d);
  const answer = await testCheckoutPay(t, s, order.id);
  const res = await verify(t, s, answer);
  if (res.statusCode !== 200) throw new Error(`verify answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as { status: string; ticket?: Ticket };
  expect(body.status).toBe('success');
  if (!body.ticket) throw new Error('verify answered without a ticket');
  return { orderId: order.id, ticket: body.ticket };
}

/** Assigns the engineer through the admin's own call (its rules and locks), and expects it to succeed. */
export async function assignViaApi(t: TestApp, admin: Session, ticketId: string, engineer: Session) {
  const res = await patch(t, `/api/admin/tickets/${ticketId}/assign`, { engineerId: engineer.user.id }, admin.headers);
  if (res.statusCode !== 200) throw new Error(`assign answered ${res.statusCode}: ${res.body}`);
}

export async function listTickets(
  t: TestApp,
  s: Session,
  query = '',
): Promise<{ tickets: Ticket[]; nextCursor: string | null }> {
  const res = await get(t, `/api/tickets${query}`, s.headers);
  if (res.statusCode !== 200) throw new Error(`GET /api/tickets answered ${res.statusCode}: ${res.body}`);
  return res.json() as { tickets: Ticket[]; nextCursor: string | null };
}

export async function paymentStatusOf(t: TestApp, s: Session, orderId: string): Promise<string> {
  const res = await get(t, `/payment-status/${orderId}`, s.headers);
  if (res.statusCode !== 200) throw new Error(`payment-status answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { status: string }).status;
}

/** The ticket rows a booking order made, straight from the database. */
export const ticketRowsOfOrder = (t: TestApp, orderId: string) =>
  t.database.db.select().from(tickets).where(eq(tickets.bookingOrderId, orderId));

export const ticketRowsOfUser = (t: TestApp, userId: string) =>
  t.database.db.select().from(tickets).where(eq(tickets.userId, userId));

export async function paymentRow(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export const eventsOfOrder = (t: TestApp, orderId: string) =>
  t.database.db
    .select()
    .from(ticketEvents)
    .where(eq(ticketEvents.orderId, orderId))
    .orderBy(asc(ticketEvents.createdAt));

export const eventsOfTicket = (t: TestApp, ticketId: string) =>
  t.database.db
    .select()
    .from(ticketEvents)
    .where(eq(ticketEvents.ticketId, ticketId))
    .orderBy(asc(ticketEvents.createdAt));

/**
 * The ticket in progress with an engineer (a new one unless given), as an admin puts it with an
 * assignment and a status change, straight in the database; answers the engineer.
 */
export async function inProgressWith(t: TestApp, ticketId: string, engineer?: Session): Promise<Session> {
  const assigned = engineer ?? (await signUp(t, {}, 'engineer'));
  await t.database.db
    .update(tickets)
    .set({ status: 'in-progress', engineerId: assigned.user.id })
    .where(eq(tickets.id, ticketId));
  return assigned;
}
