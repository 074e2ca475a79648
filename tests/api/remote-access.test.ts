import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/server/db/schema/index.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { type Draft, get, patch, serviceDraft } from '../support/booking.js';
import { setStatus, ticketOf } from '../support/conversation.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The remote session (DECISIONS.md §7.2): the customer gives the tool and id; the assigned engineer
 * sees it only while the ticket is in progress, the customer until completion, nobody else ever; it
 * is deleted at completion.
 */
let t: TestApp;
let draft: Draft;
let admin: Session;
let superadmin: { authorization: string };
let customer: Session;
let otherCustomer: Session;
let engineer: Session;
let otherEngineer: Session;

beforeAll(async () => {
  ({ t, admin, superadmin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
  customer = await signUp(t);
  otherCustomer = await signUp(t);
  engineer = await signUp(t, {}, 'engineer');
  otherEngineer = await signUp(t, {}, 'engineer');
});
afterAll(() => t?.close());

const anydesk = { tool: 'AnyDesk', accessId: '123 456 789' };

const put = (headers: Record<string, string>, ticketId: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/tickets/${ticketId}/remote-access`, headers, payload: payload as object });

/** The ticket's remoteAccess as `headers` sees it, through GET /api/tickets/{id} and their list. */
async function seenBy(headers: Record<string, string>, ticketId: string, list: string) {
  const one = await get(t, `/api/tickets/${ticketId}`, headers);
  expect(one.statusCode).toBe(200);
  const listed = (await get(t, `${list}?limit=100`, headers)).json() as { tickets: Ticket[] };
  const inList = listed.tickets.find((x) => x.id === ticketId);
  expect(inList?.remoteAccess).toEqual(one.json().ticket.remoteAccess);
  return (one.json() as { ticket: Ticket }).ticket.remoteAccess;
}

const byCustomer = (ticketId: string) => seenBy(customer.headers, ticketId, '/api/tickets');
const byEngineer = (ticketId: string) => seenBy(engineer.headers, ticketId, '/api/engineer/assigned-tickets');
const byAdmin = (ticketId: string) => seenBy(admin.headers, ticketId, '/api/admin/tickets');

describe('PUT /api/tickets/{id}/remote-access', () => {
  it('is the ticket’s customer’s alone: other roles and other customers are refused', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    for (const headers of [engineer.headers, admin.headers, superadmin])
      expectError(await put(headers, ticketId, anydesk), 403);
    expectError(await put({}, ticketId, anydesk), 401);
    expectError(await put(otherCustomer.headers, ticketId, anydesk), 403);
    expectError(await put(customer.headers, randomUUID(), anydesk), 404);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row?.remoteAccessId).toBeNull();
  });

  it('takes one of the four tools and a one-line id of at most 100 characters', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    for (const bad of [
      {},
      { tool: 'VNC', accessId: '1' },
      { tool: 'AnyDesk' },
      { tool: 'AnyDesk', accessId: '   ' },
      { tool: 'AnyDesk', accessId: 'x'.repeat(101) },
      { tool: 'AnyDesk', accessId: '123\n456' },
      // Line and paragraph separators break a line as a newline does.
      { tool: 'AnyDesk', accessId: '123\u2028456' },
      { tool: 'AnyDesk', accessId: '123\u2029456' },
      { tool: 'AnyDesk', accessId: '123\u0085456' },
      { tool: 'AnyDesk', accessId: 123456 },
    ]) {
      expectError(await put(customer.headers, ticketId, bad), 400);
    }
    for (const tool of ['AnyDesk', 'RustDesk', 'TeamViewer', 'Other']) {
      const res = await put(customer.headers, ticketId, { tool, accessId: `  ${tool}-id  ` });
      expect(res.statusCode).toBe(200);
      expect(res.json().ticket.remoteAccess).toEqual({ tool, accessId: `${tool}-id` });
    }
    const longest = await put(customer.headers, ticketId, { tool: 'Other', accessId: 'y'.repeat(100) });
    expect(longest.statusCode).toBe(200);
  });

  it('is refused (409) once the ticket is completed', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer, status: 'completed' });
    expectError(await put(customer.headers, ticketId, anydesk), 409);
  });
});

describe('who sees the remote session, and when', () => {
  it('pending: the customer only; in progress: the customer and the assigned engineer; never an admin', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer, status: 'pending' });
    expect(await byCustomer(ticketId)).toBeNull();
    const res = await put(customer.headers, ticketId, anydesk);
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({ id: ticketId, status: 'pending', remoteAccess: anydesk });

    expect(await byCustomer(ticketId)).toEqual(anydesk);
    expect(await byEngineer(ticketId)).toBeNull();
    expect(await byAdmin(ticketId)).toBeNull();

    const started = await patch(t, `/api/admin/tickets/${ticketId}`, { status: 'in-progress' }, admin.headers);
    expect(started.statusCode).toBe(200);
    expect(started.json().ticket.remoteAccess).toBeNull();
    expect(await byCustomer(ticketId)).toEqual(anydesk);
    expect(await byEngineer(ticketId)).toEqual(anydesk);
    expect(await byAdmin(ticketId)).toBeNull();
    expect((await get(t, `/api/tickets/${ticketId}`, superadmin)).json().ticket.remoteAccess).toBeNull();
    // Nobody else reads the ticket at all.
    expectError(await get(t, `/api/tickets/${ticketId}`, otherEngineer.headers), 403);
    expectError(await get(t, `/api/tickets/${ticketId}`, otherCustomer.headers), 403);
    const theirs = (await get(t, '/api/engineer/assigned-tickets', otherEngineer.headers)).json() as {
      tickets: Ticket[];
    };
    expect(theirs.tickets.some((x) => x.id === ticketId)).toBe(false);

    // Back to pending: the engineer no longer sees it; the customer still does.
    await setStatus(t, ticketId, 'pending');
    expect(await byEngineer(ticketId)).toBeNull();
    expect(await byCustomer(ticketId)).toEqual(anydesk);
  });

  it('is deleted when the engineer completes the ticket', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    expect((await put(customer.headers, ticketId, { tool: 'RustDesk', accessId: '987654321' })).statusCode).toBe(200);
    expect(await byEngineer(ticketId)).toEqual({ tool: 'RustDesk', accessId: '987654321' });
    const done = await patch(t, `/api/tickets/${ticketId}/complete`, { remarks: 'Fixed.' }, engineer.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json().ticket).toMatchObject({ status: 'completed', remoteAccess: null });
    expect(await byCustomer(ticketId)).toBeNull();
    expect(await byEngineer(ticketId)).toBeNull();
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ remoteTool: null, remoteAccessId: null });
  });

  it('is deleted when an admin marks the ticket completed', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    expect((await put(customer.headers, ticketId, { tool: 'TeamViewer', accessId: '1 234 567 890' })).statusCode).toBe(
      200,
    );
    const done = await patch(t, `/api/admin/tickets/${ticketId}`, { status: 'completed' }, admin.headers);
    expect(done.statusCode).toBe(200);
    expect(await byCustomer(ticketId)).toBeNull();
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ status: 'completed', remoteTool: null, remoteAccessId: null });
  });
});
