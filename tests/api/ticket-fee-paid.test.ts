import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { type Draft, get, serviceDraft } from '../support/booking.js';
import { inProgressHelpers } from '../support/inprogress.js';
import type { TestApp } from '../support/test-app.js';

// Issue 29: the "₹299 paid" state on staff views. Staff answers carry `inProgressFeePaid`; the admin's
// list filters on it with `paid=true|false`; the customer's answer does not carry it.

let t: TestApp;
let admin: Session;
let engineer: Session;
let draft: Draft;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
  engineer = await signUp(t, {}, 'engineer');
});
afterAll(() => t.close());

const { inProgressTicket, payInProgress } = inProgressHelpers(() => ({ t, draft, engineer }));

const adminList = async (query: string) => {
  const res = await get(t, `/api/admin/tickets?limit=100${query}`, admin.headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as { tickets: Ticket[] }).tickets;
};

describe('the ₹299 paid state on staff views', () => {
  it('is in the admin’s and the engineer’s answers, and the admin’s list filters on it', async () => {
    const paid = await inProgressTicket();
    await payInProgress(paid.customer, paid.ticket.id);
    const unpaid = await inProgressTicket();

    const all = await adminList('');
    expect(all.find((x) => x.id === paid.ticket.id)?.inProgressFeePaid).toBe(true);
    expect(all.find((x) => x.id === unpaid.ticket.id)?.inProgressFeePaid).toBe(false);

    const onlyPaid = (await adminList('&paid=true')).map((x) => x.id);
    expect(onlyPaid).toContain(paid.ticket.id);
    expect(onlyPaid).not.toContain(unpaid.ticket.id);
    const onlyUnpaid = (await adminList('&paid=false&status=in-progress')).map((x) => x.id);
    expect(onlyUnpaid).toContain(unpaid.ticket.id);
    expect(onlyUnpaid).not.toContain(paid.ticket.id);

    const mine = (await get(t, '/api/engineer/assigned-tickets?limit=100', engineer.headers)).json() as {
      tickets: Ticket[];
    };
    expect(mine.tickets.find((x) => x.id === paid.ticket.id)?.inProgressFeePaid).toBe(true);
    expect(mine.tickets.find((x) => x.id === unpaid.ticket.id)?.inProgressFeePaid).toBe(false);

    const own = (await get(t, '/api/tickets?limit=100', paid.customer.headers)).json() as { tickets: Ticket[] };
    expect(own.tickets[0]).not.toHaveProperty('inProgressFeePaid');
  });

  it('refuses a paid filter other than true or false (400)', async () => {
    expectError(await get(t, '/api/admin/tickets?paid=yes', admin.headers), 400);
    expectError(await get(t, '/api/admin/tickets.csv?paid=yes', admin.headers), 400);
  });

  it('filters the CSV export as it filters the list', async () => {
    const paid = await inProgressTicket();
    await payInProgress(paid.customer, paid.ticket.id);
    const unpaid = await inProgressTicket();
    const numbersIn = async (query: string) => {
      const res = await get(t, `/api/admin/tickets.csv?status=in-progress${query}`, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.body.split('\n').map((line) => line.split(',')[0]);
    };
    const onlyPaid = await numbersIn('&paid=true');
    expect(onlyPaid).toContain(paid.ticket.number);
    expect(onlyPaid).not.toContain(unpaid.ticket.number);
    const onlyUnpaid = await numbersIn('&paid=false');
    expect(onlyUnpaid).toContain(unpaid.ticket.number);
    expect(onlyUnpaid).not.toContain(paid.ticket.number);
  });
});
