import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import {
  BOOT_SUPERADMIN,
  createTestAppWithAdmins,
  expectError,
  type Session,
  signUp,
  uniqueEmail,
} from '../support/api.js';
import {
  assignViaApi,
  bookAndPay,
  type Draft,
  get,
  listTickets,
  patch,
  post,
  serviceDraft,
} from '../support/booking.js';
import type { TestApp } from '../support/test-app.js';

// Staff rules from DECISIONS.md §3–§5 that no other API test pins down: whom an admin may assign a
// ticket to, who may complete it, and which accounts an admin may create.

let t: TestApp;
/** The boot superadmin (ADMIN_EMAIL), and a plain admin. */
let superadmin: { authorization: string };
let admin: Session;
let draft: Draft;

beforeAll(async () => {
  ({ t, superadmin, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

/** The ticket as its customer reads it back through GET /api/tickets. */
async function customerView(customer: Session, id: string): Promise<Ticket> {
  const ticket = (await listTickets(t, customer, '?limit=100')).tickets.find((x) => x.id === id);
  if (!ticket) throw new Error(`ticket ${id} is not in its customer's list`);
  return ticket;
}

/** A paid ticket of a new customer, with an engineer assigned and the status set to in-progress. */
async function inProgressTicket(engineer: Session) {
  const customer = await signUp(t);
  const { ticket } = await bookAndPay(t, customer, draft);
  await assignViaApi(t, admin, ticket.id, engineer);
  const moved = await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers);
  expect(moved.statusCode).toBe(200);
  return { customer, ticket };
}

describe('PATCH /api/admin/tickets/{id}/assign', () => {
  it('assigns only a user whose role is engineer: anyone else is 400 and the ticket stays unassigned', async () => {
    const customer = await signUp(t);
    const { ticket } = await bookAndPay(t, customer, draft);
    const notEngineers = [
      customer.user.id,
      (await signUp(t)).user.id,
      admin.user.id,
      (await signUp(t, {}, 'superadmin')).user.id,
      randomUUID(),
    ];
    for (const engineerId of notEngineers) {
      expectError(
        await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId }, admin.headers),
        400,
        'Only a user with the engineer role can be assigned',
      );
    }
    expect((await customerView(customer, ticket.id)).engineer).toBeNull();

    const engineer = await signUp(t, { name: 'Meera Engineer' }, 'engineer');
    const res = await patch(
      t,
      `/api/admin/tickets/${ticket.id}/assign`,
      { engineerId: engineer.user.id },
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket.engineer).toMatchObject({
      id: engineer.user.id,
      name: 'Meera Engineer',
    });
    expect((await customerView(customer, ticket.id)).engineer).toEqual({
      id: engineer.user.id,
      name: 'Meera Engineer',
    });
  });

  it('never assigns a completed ticket (409), and records no assignment', async () => {
    const customer = await signUp(t);
    const { ticket } = await bookAndPay(t, customer, draft);
    const completed = await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'completed' }, admin.headers);
    expect(completed.json().ticket).toMatchObject({ status: 'completed', engineer: null });

    const engineer = await signUp(t, {}, 'engineer');
    expectError(
      await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, superadmin),
      409,
      'A completed ticket cannot be assigned',
    );
    expect(await customerView(customer, ticket.id)).toMatchObject({
      status: 'completed',
      engineer: null,
    });
    const history = await get(t, `/api/admin/tickets/${ticket.id}/history`, admin.headers);
    const kinds = history.json().events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('status_changed');
    expect(kinds).not.toContain('assigned');
  });
});

describe('PATCH /api/tickets/{id}/complete', () => {
  it('only the assigned engineer may complete: another engineer gets 403 and nothing changes', async () => {
    const assignee = await signUp(t, {}, 'engineer');
    const other = await signUp(t, {}, 'engineer');
    const { customer, ticket } = await inProgressTicket(assignee);

    expectError(
      await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks: 'Fixed it.' }, other.headers),
      403,
      'This ticket is not assigned to you',
    );
    expect(await customerView(customer, ticket.id)).toMatchObject({
      status: 'in-progress',
      remarks: null,
      completedAt: null,
    });

    const done = await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks: 'Fixed it.' }, assignee.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json().ticket).toMatchObject({ status: 'completed', remarks: 'Fixed it.' });
  });

  it('takes remarks of at most 2000 characters: 2001 is 400, 2000 is stored whole', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const { customer, ticket } = await inProgressTicket(engineer);

    expectError(
      await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks: 'r'.repeat(2001) }, engineer.headers),
      400,
      'Remarks must be at most 2000 characters',
    );
    expect(await customerView(customer, ticket.id)).toMatchObject({
      status: 'in-progress',
      remarks: null,
    });

    const remarks = `${'Replaced the SSD and reinstalled the OS. '.repeat(48)}`.padEnd(2000, '.');
    expect(remarks).toHaveLength(2000);
    const done = await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks }, engineer.headers);
    expect(done.statusCode).toBe(200);
    const stored = await customerView(customer, ticket.id);
    expect(stored.status).toBe('completed');
    expect(stored.remarks).toBe(remarks);
    expect(stored.completedAt).toEqual(expect.any(String));
  });
});

describe('POST /api/admin/users', () => {
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    name: 'Kiran Staff',
    email: uniqueEmail('staff'),
    phone: '+91 90000 00002',
    password: 'staff-password-1',
    role: 'engineer',
    ...overrides,
  });

  it('refuses the role superadmin with 400, from an admin and from a superadmin, and creates nobody', async () => {
    for (const headers of [admin.headers, superadmin]) {
      const body = newUser({ role: 'superadmin' });
      expectError(await post(t, '/api/admin/users', body, headers), 400, 'Role must be user, admin or engineer');
      expectError(
        await post(t, '/api/login', { email: body.email, password: body.password }),
        401,
        'Invalid credentials',
      );
    }
    const supers = await get(t, '/api/admin/users?role=superadmin&limit=100', admin.headers);
    const emails = supers.json().users.map((u: { email: string }) => u.email);
    expect(emails).toContain(BOOT_SUPERADMIN.email);
    expect(emails.every((e: string) => !e.startsWith('staff.'))).toBe(true);
  });

  it('answers 409 to an email that is taken, however it is cased or padded, and keeps the first account', async () => {
    const first = newUser({ name: 'First Account', role: 'engineer' });
    const created = await post(t, '/api/admin/users', first, admin.headers);
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email: first.email, role: 'engineer' });

    for (const email of [first.email, first.email.toUpperCase(), `  ${first.email}  `]) {
      expectError(
        await post(
          t,
          '/api/admin/users',
          newUser({ name: 'Second', email, role: 'admin', password: 'other-password-2' }),
          admin.headers,
        ),
        409,
        'An account with this email already exists',
      );
    }
    // A customer's own signup email is taken just the same.
    const customer = await signUp(t);
    expectError(
      await post(t, '/api/admin/users', newUser({ email: ` ${customer.user.email.toUpperCase()}` }), superadmin),
      409,
      'An account with this email already exists',
    );

    expectError(await post(t, '/api/login', { email: first.email, password: 'other-password-2' }), 401);
    const login = await post(t, '/api/login', { email: first.email, password: first.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ name: 'First Account', role: 'engineer' });
  });
});
