import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimits, ticketMessages, ticketEvents } from '../../src/server/db/schema/index.js';
import { accountWritesCounter } from '../../src/server/lib/http.js';
import { expectError, type Session, signUp } from '../support/api.js';
import { type Draft, patch, serviceDraft } from '../support/booking.js';
import { sendMessage, ticketOf } from '../support/conversation.js';
import { expectLimited } from '../support/rate-limit.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * What one signed-in account writes that others read or that piles up, a message, its remote
 * session, its profile, has one budget a minute (RATE_LIMIT_WRITES): an API audit flooded a ticket
 * with 149 messages a second from one ₹99 booking, and its history with remote-session changes.
 */
let t: TestApp;
let draft: Draft;
let engineer: Session;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_WRITES: '4' });
  draft = await serviceDraft(t);
  engineer = await signUp(t, {}, 'engineer');
});
afterAll(() => t.close());

const remoteAccess = (s: Session, ticketId: string, accessId: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/tickets/${ticketId}/remote-access`,
    headers: s.headers,
    payload: { tool: 'AnyDesk', accessId },
  });
const profile = (s: Session, name: string) =>
  patch(t, '/api/profile', { name, email: s.user.email, phone: s.user.phone }, s.headers);

describe('one budget per account for messages, the remote session and the profile', () => {
  it('2 messages + 1 remote session + 1 profile use it up; then each is 429 and does nothing', async () => {
    const customer = await signUp(t);
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    for (const body of ['Hello', 'Still broken']) {
      expect((await sendMessage(t, customer, ticketId, { body })).statusCode).toBe(201);
    }
    expect((await remoteAccess(customer, ticketId, '123 456 789')).statusCode).toBe(200);
    expect((await profile(customer, 'Asha R')).statusCode).toBe(200);

    const messagesBefore = await t.database.db.$count(ticketMessages);
    const eventsBefore = await t.database.db.$count(ticketEvents);
    expectLimited(await sendMessage(t, customer, ticketId, { body: 'One more' }));
    expectLimited(await remoteAccess(customer, ticketId, '987 654 321'));
    expectLimited(await profile(customer, 'Asha Rao'));
    expect(await t.database.db.$count(ticketMessages)).toBe(messagesBefore);
    expect(await t.database.db.$count(ticketEvents)).toBe(eventsBefore);
    // Counted under the key the bench's ceiling counts a post under too (scripts/bench/conversation-data.ts).
    const [counter] = await t.database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, accountWritesCounter(customer.user.id)));
    expect(counter?.count).toBe(7);
  });

  it('is per account: the engineer on the same ticket still writes', async () => {
    const customer = await signUp(t);
    const assigned = await signUp(t, {}, 'engineer');
    const ticketId = await ticketOf(t, customer, draft, { engineer: assigned });
    for (let i = 0; i < 4; i++) await sendMessage(t, customer, ticketId, { body: `Message ${i}` });
    expectLimited(await sendMessage(t, customer, ticketId, { body: 'Too many' }));
    expect((await sendMessage(t, assigned, ticketId, { body: 'Looking into it' })).statusCode).toBe(201);
    const other = await signUp(t);
    expect((await profile(other, 'Ravi K')).statusCode).toBe(200);
  });

  it('is not spent by reading, and nobody is limited before they are known (401)', async () => {
    const customer = await signUp(t);
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    for (let i = 0; i < 6; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/tickets/${ticketId}/messages`, headers: customer.headers }))
          .statusCode,
      ).toBe(200);
    }
    expect((await sendMessage(t, customer, ticketId, { body: 'Reading cost nothing' })).statusCode).toBe(201);
    expectError(await sendMessage(t, null, ticketId, { body: 'Anonymous' }), 401);
  });
});
