import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, del, type Draft, get, patch, serviceDraft } from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// Issue 29 item 5: the admin reassigns a ticket to another engineer, or unassigns it, before it is
// completed; each change is in the history, and the status stays. A reassignment names the engineer it
// replaces: a plain assignment to a ticket that has one is 409 (DECISIONS.md §4).

let t: TestApp;
let admin: Session;
let draft: Draft;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

const assign = (id: string, engineerId: string, replaces?: string) =>
  patch(t, `/api/admin/tickets/${id}/assign`, { engineerId, ...(replaces ? { replaces } : {}) }, admin.headers);
const unassign = (id: string, headers = admin.headers) => del(t, `/api/admin/tickets/${id}/assign`, headers);
const engineerIds = async (engineer: Session) =>
  (await get(t, '/api/engineer/assigned-tickets?limit=100', engineer.headers))
    .json()
    .tickets.map((x: { id: string }) => x.id);
const history = async (id: string) =>
  (await get(t, `/api/admin/tickets/${id}/history`, admin.headers)).json().events as {
    kind: string;
    detail: Record<string, unknown>;
    actor: { id: string } | null;
  }[];

async function ticketOf(engineer?: Session, status?: 'in-progress') {
  const customer = await signUp(t);
  const { ticket } = await bookAndPay(t, customer, draft);
  if (engineer) expect((await assign(ticket.id, engineer.user.id)).statusCode).toBe(200);
  if (status)
    expect((await patch(t, `/api/admin/tickets/${ticket.id}`, { status }, admin.headers)).statusCode).toBe(200);
  return { customer, ticket };
}

describe('PATCH /api/admin/tickets/{id}/assign: reassign', () => {
  it('moves an in-progress ticket to another engineer, records from → to, and keeps the status', async () => {
    const first = await signUp(t, { name: 'First Engineer' }, 'engineer');
    const second = await signUp(t, { name: 'Second Engineer' }, 'engineer');
    const { ticket } = await ticketOf(first, 'in-progress');

    const moved = await assign(ticket.id, second.user.id, first.user.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().ticket).toMatchObject({ status: 'in-progress', engineer: { id: second.user.id } });

    expect(await engineerIds(first)).not.toContain(ticket.id);
    expect(await engineerIds(second)).toContain(ticket.id);
    const assigned = (await history(ticket.id)).filter((e) => e.kind === 'assigned');
    expect(assigned.map((e) => e.detail)).toEqual([
      { engineerId: first.user.id, engineerName: 'First Engineer' },
      {
        engineerId: second.user.id,
        engineerName: 'Second Engineer',
        from: { engineerId: first.user.id, engineerName: 'First Engineer' },
      },
    ]);
    expect(assigned[1]?.actor?.id).toBe(admin.user.id);
  });

  it('answers 409 to an assignment that does not name the engineer it replaces, or names another', async () => {
    const first = await signUp(t, {}, 'engineer');
    const second = await signUp(t, {}, 'engineer');
    const third = await signUp(t, {}, 'engineer');
    const { ticket } = await ticketOf(first);
    expectError(
      await assign(ticket.id, second.user.id),
      409,
      'This ticket already has an engineer: choose Change engineer to reassign it',
    );
    // Another admin moved it to the third meanwhile: this admin's reassignment from the first is stale.
    expect((await assign(ticket.id, third.user.id, first.user.id)).statusCode).toBe(200);
    expectError(
      await assign(ticket.id, second.user.id, first.user.id),
      409,
      'The ticket’s engineer has changed meanwhile: look again before reassigning it',
    );
    expect(await engineerIds(third)).toContain(ticket.id);
    expect(await engineerIds(second)).not.toContain(ticket.id);
    // Nothing to replace on a ticket without an engineer.
    const { ticket: open } = await ticketOf();
    expectError(
      await assign(open.id, second.user.id, first.user.id),
      409,
      'The ticket’s engineer has changed meanwhile: look again before reassigning it',
    );
    expect((await history(ticket.id)).filter((e) => e.kind === 'assigned')).toHaveLength(2);
  });

  it('answers 409 for the engineer already assigned, and records nothing', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const { ticket } = await ticketOf(engineer);
    expectError(await assign(ticket.id, engineer.user.id), 409, 'This engineer is already assigned to the ticket');
    expect((await history(ticket.id)).filter((e) => e.kind === 'assigned')).toHaveLength(1);
  });

  it('never reassigns a completed ticket (409)', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const other = await signUp(t, {}, 'engineer');
    const { ticket } = await ticketOf(engineer, 'in-progress');
    await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'completed' }, admin.headers);
    expectError(await assign(ticket.id, other.user.id, engineer.user.id), 409, 'A completed ticket cannot be assigned');
    expect(await engineerIds(engineer)).toContain(ticket.id);
  });
});

describe('DELETE /api/admin/tickets/{id}/assign: unassign', () => {
  it('takes the engineer off an in-progress ticket, which stays in progress, and records it', async () => {
    const engineer = await signUp(t, { name: 'Gone Engineer' }, 'engineer');
    const { ticket } = await ticketOf(engineer, 'in-progress');

    const res = await unassign(ticket.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({ status: 'in-progress', engineer: null });
    expect(await engineerIds(engineer)).not.toContain(ticket.id);
    expect((await get(t, `/api/tickets/${ticket.id}`, engineer.headers)).statusCode).toBeGreaterThanOrEqual(403);
    const last = (await history(ticket.id)).at(-1);
    expect(last).toMatchObject({
      kind: 'unassigned',
      detail: { engineerId: engineer.user.id, engineerName: 'Gone Engineer' },
      actor: { id: admin.user.id },
    });

    // The ticket then takes an engineer through the same assign as any ticket with none.
    const next = await signUp(t, {}, 'engineer');
    expect((await assign(ticket.id, next.user.id)).json().ticket.engineer.id).toBe(next.user.id);
  });

  it('answers 409 for a ticket with no engineer and for a completed one', async () => {
    const { ticket } = await ticketOf();
    expectError(await unassign(ticket.id), 409, 'This ticket has no engineer');

    const engineer = await signUp(t, {}, 'engineer');
    const done = await ticketOf(engineer, 'in-progress');
    await patch(t, `/api/admin/tickets/${done.ticket.id}`, { status: 'completed' }, admin.headers);
    expectError(await unassign(done.ticket.id), 409, 'A completed ticket keeps its engineer');
    expect(await engineerIds(engineer)).toContain(done.ticket.id);
  });

  it('is the admins’ alone: the engineer and the customer get 403, and 404 for no such ticket', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const { customer, ticket } = await ticketOf(engineer);
    expect((await unassign(ticket.id, engineer.headers)).statusCode).toBe(403);
    expect((await unassign(ticket.id, customer.headers)).statusCode).toBe(403);
    expect((await unassign('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await engineerIds(engineer)).toContain(ticket.id);
  });
});
