import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketEvent } from '../../src/shared/contracts/admin.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, type Draft, get, patch, post, serviceDraft } from '../support/booking.js';
import { openEventStream, quietPeriod } from '../support/event-stream.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let draft: Draft;
let admin: Session;
let customer: Session;
let stranger: Session;
let engineer: Session;
let other: Session;
let superadmin: { authorization: string };
let base: string;

/** A ticket of `customer`, assigned to `who` and completed by them. */
async function completedTicket(who: Session = engineer): Promise<Ticket> {
  const { ticket } = await bookAndPay(t, customer, draft);
  expect(
    (await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: who.user.id }, admin.headers)).statusCode,
  ).toBe(200);
  expect((await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers)).statusCode).toBe(
    200,
  );
  const done = await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks: 'Driver reinstalled' }, who.headers);
  expect(done.statusCode, done.body).toBe(200);
  return done.json().ticket as Ticket;
}

const rate = (s: Session, id: string, body: unknown) => post(t, `/api/tickets/${id}/rating`, body, s.headers);

const findIn = async (url: string, s: Session, id: string) => {
  const res = await get(t, url, s.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().tickets as Ticket[]).find((x) => x.id === id);
};

const historyOf = async (id: string) => {
  const res = await get(t, `/api/admin/tickets/${id}/history`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events as TicketEvent[];
};

beforeAll(async () => {
  ({ t, superadmin, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
  customer = await signUp(t, { name: 'Kiran Customer' });
  stranger = await signUp(t);
  engineer = await signUp(t, { name: 'Esha Engineer' }, 'engineer');
  other = await signUp(t, { name: 'Omar Engineer' }, 'engineer');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('POST /api/tickets/{id}/rating', () => {
  it('lets the customer rate a completed ticket once; the customer, the engineer and admins see it', async () => {
    const ticket = await completedTicket();
    expect(ticket.rating).toBeNull();
    const res = await rate(customer, ticket.id, { score: 4, comment: '  Quick and polite  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ticket).toMatchObject({ id: ticket.id, rating: { score: 4, comment: 'Quick and polite' } });

    const seen = { score: 4, comment: 'Quick and polite' };
    expect((await findIn('/api/tickets', customer, ticket.id))?.rating).toEqual(seen);
    expect((await findIn('/api/engineer/assigned-tickets', engineer, ticket.id))?.rating).toEqual(seen);
    expect((await findIn('/api/admin/tickets', admin, ticket.id))?.rating).toEqual(seen);

    expectError(await rate(customer, ticket.id, { score: 5 }), 409, 'This ticket is already rated');
    expect((await findIn('/api/tickets', customer, ticket.id))?.rating).toEqual(seen);
  });

  it('keeps no comment when none or a blank one is given', async () => {
    const a = await completedTicket();
    expect((await rate(customer, a.id, { score: 5 })).json().ticket.rating).toEqual({ score: 5, comment: null });
    const b = await completedTicket();
    expect((await rate(customer, b.id, { score: 1, comment: '   ' })).json().ticket.rating).toEqual({
      score: 1,
      comment: null,
    });
  });

  it('refuses a ticket that is not completed (409), not yours (403) or unknown (404)', async () => {
    const { ticket } = await bookAndPay(t, customer, draft);
    expectError(await rate(customer, ticket.id, { score: 3 }), 409, 'A ticket can be rated once it is completed');
    const done = await completedTicket();
    expectError(await rate(stranger, done.id, { score: 3 }), 403);
    expectError(await rate(engineer, done.id, { score: 5 }), 403);
    expectError(await rate(admin, done.id, { score: 5 }), 403);
    expectError(await rate(customer, '00000000-0000-4000-8000-000000000000', { score: 3 }), 404);
    expectError(await post(t, `/api/tickets/${done.id}/rating`, { score: 3 }), 401);
  });

  it('refuses a score outside 1 to 5, a fraction, a missing score or a long comment (400)', async () => {
    const done = await completedTicket();
    for (const body of [
      {},
      { score: 0 },
      { score: 6 },
      { score: 3.5 },
      { score: '4' },
      { score: 4, comment: 'x'.repeat(1001) },
    ]) {
      expectError(await rate(customer, done.id, body), 400);
    }
    expect((await rate(customer, done.id, { score: 2 })).statusCode).toBe(201);
  });

  it('answers one 201 and 409s when the customer sends several at once', async () => {
    const done = await completedTicket();
    const answers = await Promise.all([1, 2, 3, 4].map((score) => rate(customer, done.id, { score })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('the rating in the ticket history and the live events', () => {
  it('is recorded once, by the customer, after the completion', async () => {
    const ticket = await completedTicket();
    expect((await rate(customer, ticket.id, { score: 4, comment: ' Fixed in 20 minutes ' })).statusCode).toBe(201);
    expectError(await rate(customer, ticket.id, { score: 5 }), 409);

    const events = await historyOf(ticket.id);
    expect(events.map((e) => e.kind).slice(-2)).toEqual(['completed', 'rated']);
    expect(events.filter((e) => e.kind === 'rated')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({
      kind: 'rated',
      detail: { score: 4, comment: 'Fixed in 20 minutes' },
      actor: { id: customer.user.id, name: 'Kiran Customer', role: 'user' },
    });
  });

  it('keeps no history entry for a refused rating', async () => {
    const { ticket } = await bookAndPay(t, customer, draft);
    expectError(await rate(customer, ticket.id, { score: 3 }), 409);
    expectError(await rate(stranger, ticket.id, { score: 3 }), 403);
    expect((await historyOf(ticket.id)).map((e) => e.kind)).not.toContain('rated');
    const done = await completedTicket();
    expectError(await rate(customer, done.id, { score: 9 }), 400);
    expect((await historyOf(done.id)).map((e) => e.kind)).not.toContain('rated');
  });

  it("reaches the customer, the ticket's engineer and every admin as 'rated', and nobody else", async () => {
    const ticket = await completedTicket();
    const streams = {
      customer: await openEventStream(base, customer.headers),
      engineer: await openEventStream(base, engineer.headers),
      admin: await openEventStream(base, admin.headers),
      superadmin: await openEventStream(base, superadmin),
      otherEngineer: await openEventStream(base, other.headers),
      stranger: await openEventStream(base, stranger.headers),
    };
    try {
      for (const s of Object.values(streams)) expect(s.status).toBe(200);
      expect((await rate(customer, ticket.id, { score: 5, comment: 'Private words' })).statusCode).toBe(201);
      const parties = [streams.customer, streams.engineer, streams.admin, streams.superadmin];
      await Promise.all(parties.map((s) => s.waitFor(1)));
      await quietPeriod();
      for (const s of parties) {
        expect(s.events).toHaveLength(1);
        expect(s.events[0]).toMatchObject({ event: 'ticket', data: { ticketId: ticket.id, kind: 'rated' } });
        // Ids, a kind and a time only: never the comment.
        expect(Object.keys(s.events[0]!.data).sort()).toEqual(['at', 'kind', 'ticketId']);
      }
      expect(streams.otherEngineer.events).toEqual([]);
      expect(streams.stranger.events).toEqual([]);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });
});

describe('GET /api/engineer/rating', () => {
  it("answers each engineer's own average and count, null before the first rating", async () => {
    expect((await get(t, '/api/engineer/rating', other.headers)).json()).toEqual({ average: null, count: 0 });
    const x = await completedTicket(other);
    const y = await completedTicket(other);
    await rate(customer, x.id, { score: 5 });
    await rate(customer, y.id, { score: 4 });
    expect((await get(t, '/api/engineer/rating', other.headers)).json()).toEqual({ average: 4.5, count: 2 });
    expectError(await get(t, '/api/engineer/rating', customer.headers), 403);
    expectError(await get(t, '/api/engineer/rating', admin.headers), 403);
  });
});
