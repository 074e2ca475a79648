import { expect } from 'vitest';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { type Session, signUp } from './api.js';
import { bookAndPay, type Draft, inProgressWith, post, testCheckoutPay, verify } from './booking.js';
import type { TestApp } from './test-app.js';

/** What a file of in-progress tests sets up in its beforeAll. */
export interface InProgressSetting {
  t: TestApp;
  draft: Draft;
  /** The engineer every in-progress ticket is given. */
  engineer: Session;
}

/**
 * The helpers for the in-progress fee (POST /order-inprogress) over a test file's setting, read at
 * each call: the file sets it in beforeAll, after these are made.
 */
export function inProgressHelpers(setting: () => InProgressSetting) {
  /** A customer with a paid booking whose ticket an admin has put in progress with the engineer. */
  async function inProgressTicket(owner?: Session): Promise<{ customer: Session; ticket: Ticket; orderId: string }> {
    const { t, draft, engineer } = setting();
    const customer = owner ?? (await signUp(t));
    const { ticket, orderId } = await bookAndPay(t, customer, draft);
    await inProgressWith(t, ticket.id, engineer);
    return { customer, ticket, orderId };
  }

  const orderInProgress = (s: Session, ticketId: string, extra: Record<string, unknown> = {}) =>
    post(setting().t, '/order-inprogress', { amount: 29900, currency: 'INR', ticketId, ...extra }, s.headers);

  async function openInProgressOrder(s: Session, ticketId: string): Promise<string> {
    const res = await orderInProgress(s, ticketId);
    if (res.statusCode !== 201) throw new Error(`order-inprogress answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { id: string }).id;
  }

  async function payInProgress(s: Session, ticketId: string): Promise<string> {
    const { t } = setting();
    const orderId = await openInProgressOrder(s, ticketId);
    const answer = await testCheckoutPay(t, s, orderId);
    const res = await verify(t, s, answer);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { status: string }).status).toBe('success');
    return orderId;
  }

  return { inProgressTicket, orderInProgress, openInProgressOrder, payInProgress };
}
