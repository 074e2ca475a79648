// A ticket brought to completion through the API (booked and paid, assigned, started, completed by
// its engineer), for the browser tests of what follows it: the rating (ratings.spec.ts).
import type { APIRequestContext } from '@playwright/test';
import type { Ticket } from '../../../src/shared/contracts/tickets';
import { expect, type ApiAccount } from './fixtures';
import { adminToken, apiLogin, assignViaApi, auth, bookTicketViaApi, type StaffAccount } from './staff';

/** The admin assigns `engineer` and starts the work. */
export async function startWorkViaApi(request: APIRequestContext, ticketId: string, engineer: StaffAccount) {
  await assignViaApi(request, ticketId, engineer);
  const headers = auth(await adminToken(request));
  const started = await request.patch(`/api/admin/tickets/${ticketId}`, { headers, data: { status: 'in-progress' } });
  expect(started.status(), await started.text()).toBe(200);
}

/** A ticket of `customer` (a new one if not given), done by `engineer` with these remarks. */
export async function completedTicketViaApi(
  request: APIRequestContext,
  {
    description,
    engineer,
    customer,
    remarks = 'Reinstalled the driver; it starts normally now.',
  }: {
    description: string;
    engineer: StaffAccount;
    customer?: ApiAccount;
    remarks?: string;
  },
): Promise<{ ticket: Ticket; customer: ApiAccount }> {
  const booked = await bookTicketViaApi(request, description, customer);
  await startWorkViaApi(request, booked.ticket.id, engineer);
  const { token } = await apiLogin(request, engineer.user.email, engineer.password);
  const done = await request.patch(`/api/tickets/${booked.ticket.id}/complete`, {
    headers: auth(token),
    data: { remarks },
  });
  expect(done.status(), await done.text()).toBe(200);
  return { ticket: ((await done.json()) as { ticket: Ticket }).ticket, customer: booked.customer };
}
