import { and, asc, eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EVENT_STREAMS_PER_ACCOUNT } from '../../src/server/config.js';
import { ticketEvents, users } from '../../src/server/db/schema/index.js';
import { updateUser } from '../../src/server/modules/auth/queries.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, get, patch, serviceDraft } from '../support/booking.js';
import { ticketOf } from '../support/conversation.js';
import { type OpenEventStream, openEventStream, quietPeriod } from '../support/event-stream.js';
import { TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

/**
 * GET /api/events (DECISIONS.md §7.1): each committed ticket change reaches the ticket's customer,
 * its engineer and every admin, carrying its id, kind and time only; nobody else hears of it.
 */
let t: TestApp;
let base: string;
let superadmin: { authorization: string };
let admin: Session;
let customer: Session;
let otherCustomer: Session;
let engineer: Session;
let otherEngineer: Session;

beforeAll(async () => {
  ({ t, superadmin, admin } = await createTestAppWithAdmins());
  customer = await signUp(t);
  otherCustomer = await signUp(t);
  engineer = await signUp(t, {}, 'engineer');
  otherEngineer = await signUp(t, {}, 'engineer');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  const started = Date.now();
  await t.close();
  // Open streams end at once on close instead of holding it (the shutdown's drain).
  expect(Date.now() - started).toBeLessThan(10_000);
});

const open = (headers: Record<string, string>) => openEventStream(base, headers);

describe('GET /api/events', () => {
  it('refuses a request without a valid bearer token, and a token in the address', async () => {
    expectError(await get(t, '/api/events'), 401);
    expectError(await get(t, '/api/events', { authorization: 'Bearer not-a-token' }), 401);
    expectError(await get(t, `/api/events?token=${customer.token}`), 401);
  });

  it('sends each change to the customer, the assigned engineer and admins, and to nobody else', async () => {
    const streams = {
      customer: await open(customer.headers),
      otherCustomer: await open(otherCustomer.headers),
      engineer: await open(engineer.headers),
      otherEngineer: await open(otherEngineer.headers),
      admin: await open(admin.headers),
      superadmin: await open(superadmin),
    };
    try {
      for (const s of Object.values(streams)) expect(s.status).toBe(200);

      // Booked, then its payment recorded on it.
      const { ticket } = await bookAndPay(t, customer, await serviceDraft(t));
      await Promise.all([streams.customer.waitFor(2), streams.admin.waitFor(2), streams.superadmin.waitFor(2)]);
      // Before the assignment the engineer is not a party to the ticket.
      await quietPeriod();
      expect(streams.engineer.events).toEqual([]);

      const assigned = await patch(
        t,
        `/api/admin/tickets/${ticket.id}/assign`,
        { engineerId: engineer.user.id },
        admin.headers,
      );
      expect(assigned.statusCode).toBe(200);
      await Promise.all([streams.customer.waitFor(3), streams.admin.waitFor(3), streams.engineer.waitFor(1)]);

      const started = await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers);
      expect(started.statusCode).toBe(200);
      await Promise.all([streams.customer.waitFor(4), streams.engineer.waitFor(2), streams.superadmin.waitFor(4)]);
      await quietPeriod();

      const kinds = (s: OpenEventStream) => s.events.map((e) => e.data.kind);
      expect(kinds(streams.customer)).toEqual(['booked', 'payment', 'assigned', 'status']);
      expect(kinds(streams.admin)).toEqual(['booked', 'payment', 'assigned', 'status']);
      expect(kinds(streams.superadmin)).toEqual(['booked', 'payment', 'assigned', 'status']);
      expect(kinds(streams.engineer)).toEqual(['assigned', 'status']);
      expect(streams.otherCustomer.events).toEqual([]);
      expect(streams.otherEngineer.events).toEqual([]);

      // Ids, a kind and a time: nothing else (no contact details, no text).
      for (const { event, data } of streams.customer.events) {
        expect(event).toBe('ticket');
        expect(Object.keys(data).sort()).toEqual(['at', 'kind', 'ticketId']);
        expect(data.ticketId).toBe(ticket.id);
        expect(new Date(data.at).toString()).not.toBe('Invalid Date');
      }
      expect(streams.customer.comments).toContain('open');
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it('sends a remote session given or changed to the customer, the assigned engineer and admins, without it', async () => {
    const ticketId = await ticketOf(t, customer, await serviceDraft(t), { engineer });
    const streams = {
      customer: await open(customer.headers),
      engineer: await open(engineer.headers),
      admin: await open(admin.headers),
      otherCustomer: await open(otherCustomer.headers),
      otherEngineer: await open(otherEngineer.headers),
    };
    const give = (accessId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/tickets/${ticketId}/remote-access`,
        headers: customer.headers,
        payload: { tool: 'AnyDesk', accessId },
      });
    try {
      expect((await give('842 113 907')).statusCode).toBe(200);
      await Promise.all([streams.customer.waitFor(1), streams.engineer.waitFor(1), streams.admin.waitFor(1)]);
      // The same again changes nothing and announces nothing; a new id is a change.
      expect((await give('842 113 907')).statusCode).toBe(200);
      expect((await give('555 000 111')).statusCode).toBe(200);
      await Promise.all([streams.customer.waitFor(2), streams.engineer.waitFor(2), streams.admin.waitFor(2)]);
      await quietPeriod();

      for (const s of [streams.customer, streams.engineer, streams.admin]) {
        // A kind of §7.1's list: the ticket's answer changed, so the page asks for it again.
        expect(s.events.map((e) => e.data.kind)).toEqual(['status', 'status']);
        for (const { data } of s.events) {
          expect(data.ticketId).toBe(ticketId);
          expect(Object.keys(data).sort()).toEqual(['at', 'kind', 'ticketId']);
          // The ids in full: a random uuid may hold "555".
          expect(JSON.stringify(data)).not.toMatch(/AnyDesk|842 113 907|555 000 111/);
        }
      }
      expect(streams.otherCustomer.events).toEqual([]);
      expect(streams.otherEngineer.events).toEqual([]);
      // In the ticket's history, by the customer, without the tool or the id.
      const recorded = await t.database.db
        .select({ actorId: ticketEvents.actorId, detail: ticketEvents.detail })
        .from(ticketEvents)
        .where(and(eq(ticketEvents.ticketId, ticketId), eq(ticketEvents.kind, 'remote_access_set')))
        .orderBy(asc(ticketEvents.createdAt));
      expect(recorded).toEqual([
        { actorId: customer.user.id, detail: { replaced: false } },
        { actorId: customer.user.id, detail: { replaced: true } },
      ]);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it('sends nothing for a change that was refused (rolled back)', async () => {
    const { ticket } = await bookAndPay(t, customer, await serviceDraft(t));
    const stream = await open(customer.headers);
    try {
      const refused = await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'pending' }, admin.headers);
      expect(refused.statusCode).toBe(409);
      await quietPeriod();
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('tells the parties of a reassignment and an unassignment once, and the engineer taken off nothing', async () => {
    const ticketId = await ticketOf(t, customer, await serviceDraft(t), { engineer });
    const streams = {
      customer: await open(customer.headers),
      admin: await open(admin.headers),
      former: await open(engineer.headers),
      next: await open(otherEngineer.headers),
      otherCustomer: await open(otherCustomer.headers),
    };
    try {
      const moved = await patch(
        t,
        `/api/admin/tickets/${ticketId}/assign`,
        { engineerId: otherEngineer.user.id, replaces: engineer.user.id },
        admin.headers,
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const off = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/tickets/${ticketId}/assign`,
        headers: admin.headers,
      });
      expect(off.statusCode, off.body).toBe(200);
      await Promise.all([streams.customer.waitFor(2), streams.admin.waitFor(2), streams.next.waitFor(1)]);
      await quietPeriod();
      const kinds = (s: OpenEventStream) => s.events.map((e) => e.data.kind);
      // One event per change for the ticket's parties as the change leaves it (§7.1: "and nobody else").
      expect(kinds(streams.customer)).toEqual(['assigned', 'assigned']);
      expect(kinds(streams.admin)).toEqual(['assigned', 'assigned']);
      // An engineer hears of being given the ticket; being taken off it leaves them no longer a
      // party, so not even that change reaches them: neither the first engineer (reassigned) nor the
      // second (unassigned).
      expect(kinds(streams.next)).toEqual(['assigned']);
      expect(streams.former.events).toEqual([]);
      expect(streams.otherCustomer.events).toEqual([]);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it('names an admin marking a ticket completed a completion', async () => {
    const ticketId = await ticketOf(t, customer, await serviceDraft(t), { engineer });
    const stream = await open(customer.headers);
    try {
      const done = await patch(t, `/api/admin/tickets/${ticketId}`, { status: 'completed' }, admin.headers);
      expect(done.statusCode, done.body).toBe(200);
      await stream.waitFor(1);
      expect(stream.events.map((e) => e.data.kind)).toEqual(['completed']);
    } finally {
      stream.close();
    }
  });

  it('ends the stream when its token expires', async () => {
    const expiresIn = 1500;
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', iss: 'remotefix', expiresIn });
    const token = sign({ sub: customer.user.id, ver: 0 });
    const opened = Date.now();
    const stream = await open({ authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    await stream.ended;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(expiresIn - 1000);
    expect((await open({ authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('holds at most 20 streams per account on an instance (429 beyond), so one token cannot take every connection', async () => {
    const many = await signUp(t);
    const streams = [];
    try {
      for (let i = 0; i < DEFAULT_EVENT_STREAMS_PER_ACCOUNT; i++) streams.push(await open(many.headers));
      expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
      const refused = await fetch(`${base}/api/events`, { headers: many.headers });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: expect.stringMatching(/open/) });
      // Another account is not held up by this one.
      const other = await open(otherCustomer.headers);
      expect(other.status).toBe(200);
      other.close();
      // A stream closed makes room.
      streams.pop()?.close();
      await vi.waitFor(async () => {
        const again = await open(many.headers);
        streams.push(again);
        expect(again.status).toBe(200);
      });
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('ends the stream when the session ends, the role changes or the account goes', async () => {
    const ended = await signUp(t);
    const demoted = await signUp(t, {}, 'admin');
    const deleted = await signUp(t);
    const streams = [await open(ended.headers), await open(demoted.headers), await open(deleted.headers)];
    const bystander = await open(customer.headers);
    try {
      await updateUser(t.database.db, ended.user.id, { tokenVersion: 1 });
      await updateUser(t.database.db, demoted.user.id, { role: 'user' });
      await t.database.db.delete(users).where(eq(users.id, deleted.user.id));
      const within = (p: Promise<void>) =>
        Promise.race([p.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 3000))]);
      for (const s of streams) expect(await within(s.ended)).toBe('ended');
      expect(await within(bystander.ended)).toBe('still open');
      // And it cannot be opened again with that token.
      expect((await open(ended.headers)).status).toBe(401);
    } finally {
      bystander.close();
    }
  });
});
