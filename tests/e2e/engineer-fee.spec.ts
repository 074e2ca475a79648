import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '../../src/shared/contracts/auth';
import type { CheckoutSuccess, OrderResponse } from '../../src/shared/contracts/payments';
import type { Ticket } from '../../src/shared/contracts/tickets';
import {
  E2E_ADMIN,
  expect,
  expectNoA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
  uniqueEmail,
  type ApiAccount,
} from './support/fixtures';
import { bookUntilCheckout, checkout, myTickets, openDashboard, ticketCard, ticketItems } from './support/customer';
import { apiLogin, auth, bookTicketViaApi, MAIN, runId, SERVICE, SUB } from './support/staff';
import { PAGE_SIZE } from '../../src/shared/contracts/tickets';

/** Books and pays a ticket in the browser; answers the ticket as the API has it. */
async function bookAndPay(
  page: Page,
  request: APIRequestContext,
  account: ApiAccount,
  description: string,
): Promise<Ticket> {
  const dialog = await bookUntilCheckout(page, description);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expectToast(page, 'Ticket booked and payment successful!', 'success');
  await expect(dialog).toBeHidden();
  await expect(ticketCard(page, description)).toBeVisible();
  const ticket = (await myTickets(request, account.token)).find((t) => t.description === description);
  expect(ticket, 'the booked ticket is in GET /api/tickets').toBeTruthy();
  return ticket!;
}

/** The page's calls for the customer's in-progress tickets (GET /api/tickets?status=in-progress). */
function inProgressListCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/tickets' && url.searchParams.get('status') === 'in-progress') seen.push(r.url());
  });
  return seen;
}

interface Engineer {
  user: User;
  password: string;
}

/** Test fixture through the admin API: a new engineer is assigned and the ticket is set in-progress. */
async function startWork(request: APIRequestContext, ticketId: string): Promise<Engineer> {
  const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const password = 'engineer-password-42';
  const created = await request.post('/api/admin/users', {
    headers: auth(admin.token),
    data: { name: 'Vikram Rao', email: uniqueEmail('engineer'), phone: '+91 91234 56789', password, role: 'engineer' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: User };

  const assigned = await request.patch(`/api/admin/tickets/${ticketId}/assign`, {
    headers: auth(admin.token),
    data: { engineerId: user.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const started = await request.patch(`/api/admin/tickets/${ticketId}`, {
    headers: auth(admin.token),
    data: { status: 'in-progress' },
  });
  expect(started.status(), await started.text()).toBe(200);
  return { user, password };
}

/** Test fixture: pays an order through the test checkout and /verify, as the browser would. */
async function payOrder(request: APIRequestContext, token: string, order: OrderResponse) {
  const paid = await request.post(`/test-checkout/${order.id}`, { headers: auth(token), data: { outcome: 'success' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const verified = await request.post('/verify', {
    headers: auth(token),
    data: (await paid.json()) as CheckoutSuccess,
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** Test fixture: opens the ticket's in-progress fee order and pays it, as the browser would. */
async function payEngineerFee(request: APIRequestContext, token: string, ticketId: string) {
  const order = await request.post('/order-inprogress', { headers: auth(token), data: { ticketId } });
  expect(order.status(), await order.text()).toBe(201);
  await payOrder(request, token, (await order.json()) as OrderResponse);
}

/** Test fixture: books and pays a ticket for the customer entirely through the API. */
async function bookViaApi(request: APIRequestContext, token: string, description: string): Promise<Ticket> {
  const mains = (await (await request.get('/api/admin/services/main')).json()) as {
    mainServices: { id: string; name: string }[];
  };
  const main = mains.mainServices.find((s) => s.name === MAIN)!;
  const subs = (await (await request.get(`/api/admin/services/${main.id}/sub`)).json()) as {
    subServices: { id: string; name: string }[];
  };
  const sub = subs.subServices.find((s) => s.name === SUB)!;
  const res = await request.post('/order', {
    headers: auth(token),
    data: { mainServiceId: main.id, subServiceId: sub.id, description, amount: 9900, currency: 'INR' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await payOrder(request, token, (await res.json()) as OrderResponse);
  const ticket = (await myTickets(request, token)).find((t) => t.description === description);
  expect(ticket).toBeTruthy();
  return ticket!;
}

test.describe('engineer fee and completed tickets', () => {
  test('an in-progress ticket asks for ₹299 before showing the engineer’s contact details', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request);
    const description = 'Laptop is dead, no lights at all.';
    const ticket = await bookAndPay(page, request, account, description);
    const engineer = await startWork(request, ticket.id);

    await page.reload();
    const card = ticketCard(page, description);
    await expect(card.getByText('in progress', { exact: true })).toBeVisible();
    await expect(card.getByText(`${engineer.user.name} is your engineer.`)).toBeVisible();
    const payButton = card.getByRole('button', { name: 'Pay ₹299 to Continue' });
    await expect(payButton).toBeVisible();
    await expect(page.getByText(engineer.user.email)).toHaveCount(0);
    await expect(page.getByText(engineer.user.phone)).toHaveCount(0);
    await expect(page.getByRole('link', { name: engineer.user.email })).toHaveCount(0);
    // The server withholds them, not only the page.
    const [before] = await myTickets(request, account.token);
    expect(before!.engineer).toEqual({ id: engineer.user.id, name: engineer.user.name });

    // Closing the checkout changes nothing: the button is usable again and the details stay hidden.
    await payButton.click();
    const dialog = checkout(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expectToast(page, 'Payment cancelled', 'info');
    await expect(dialog).toBeHidden();
    await expect(payButton).toBeEnabled();
    await expect(page.getByRole('link', { name: engineer.user.email })).toHaveCount(0);

    await payButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('₹299', { exact: true })).toBeVisible();
    await expect(dialog.getByText('RemoteFix', { exact: true })).toBeVisible();
    await expect(dialog.getByText(`In-progress fee for ${SERVICE}`)).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText([
      account.user.name,
      account.user.email,
      account.user.phone,
    ]);
    await dialog.getByRole('button', { name: 'Pay' }).click();

    await expectToast(page, 'Payment successful!', 'success');
    await expect(dialog).toBeHidden();
    const email = card.getByRole('link', { name: engineer.user.email });
    const phone = card.getByRole('link', { name: engineer.user.phone });
    await expect(email).toHaveAttribute('href', `mailto:${engineer.user.email}`);
    await expect(phone).toHaveAttribute('href', `tel:${engineer.user.phone}`);
    await expect(card.getByText(`Engineer: ${engineer.user.name}`)).toBeVisible();
    await expect(card.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);

    await page.reload();
    await expect(ticketCard(page, description).getByRole('link', { name: engineer.user.email })).toBeVisible();
    await expect(ticketCard(page, description).getByRole('link', { name: engineer.user.phone })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);
    const [after] = await myTickets(request, account.token);
    expect(after!.engineer).toMatchObject({ email: engineer.user.email, phone: engineer.user.phone });
  });

  test('an older ticket waiting for the fee on a page not loaded yet is shown above the list, to pay there', async ({
    page,
    request,
  }) => {
    test.slow(); // 21 bookings through the API
    const oldDescription = `Started long ago ${runId()}`;
    const { ticket: old, customer } = await bookTicketViaApi(request, oldDescription);
    const engineer = await startWork(request, old.id);
    // A page of newer tickets pushes it onto the second page.
    for (let i = 0; i < PAGE_SIZE.default; i++) await bookTicketViaApi(request, `Newer issue ${i + 1}`, customer);
    const asked = inProgressListCalls(page);

    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    const waiting = page.getByRole('region', { name: 'Waiting for your payment' });
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText('An engineer has started on an older ticket. Pay the ₹299 fee');
    const card = waiting.getByRole('listitem').filter({ hasText: oldDescription });
    await expect(card.getByText(`${engineer.user.name} is your engineer.`)).toBeVisible();
    await expect(ticketItems(page)).toHaveCount(PAGE_SIZE.default);
    await expect(ticketCard(page, oldDescription)).toHaveCount(0);
    expect(asked).toHaveLength(1);
    await expectNoA11yViolations(page);

    await card.getByRole('button', { name: 'Pay ₹299 to Continue' }).click();
    const dialog = checkout(page);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Payment successful!', 'success');
    // Paid here: the card stays, now with the engineer's contact details.
    const paid = page.getByRole('region', { name: 'Paid: your engineer is on it' });
    await expect(paid.getByRole('link', { name: engineer.user.email })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);

    // Once paid, a new visit has nothing waiting; the ticket is in its place on the second page.
    // Only the reloaded page's answer: the payment's live event may have the page ask once more before.
    const reloadedAt = Date.now();
    const answered = page.waitForResponse(
      (r) =>
        new URL(r.url()).searchParams.get('status') === 'in-progress' && r.request().timing().startTime >= reloadedAt,
    );
    const feesRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/inprogress-payments');
    await page.reload();
    await feesRead;
    const after = (await (await answered).json()) as { tickets: Ticket[] };
    // The page asked for the in-progress tickets after its first page, and was given the paid one.
    expect(after.tickets.map((x) => x.id)).toEqual([old.id]);
    await expect(ticketItems(page)).toHaveCount(PAGE_SIZE.default);
    await expect(page.getByRole('region', { name: /Waiting for your payment|Paid/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(ticketCard(page, oldDescription).getByRole('link', { name: engineer.user.email })).toBeVisible();
  });

  // A UI audit: the "fee due" email's "Pay ₹299" leads to the ticket's own page, which offered no way
  // to pay (only the dashboard's card did). On a phone, as the email is most often read.
  test('the ticket’s own page takes the ₹299 the email asks for and lists the receipts, on a phone', async ({
    page,
    request,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const description = `Fee from the ticket page ${runId()}`;
    const { ticket, customer } = await bookTicketViaApi(request, description);
    const engineer = await startWork(request, ticket.id);

    await loginInBrowser(page, customer.token);
    await page.goto(`/tickets/${ticket.id}`);
    const fee = page.getByRole('region', { name: 'In-progress fee' });
    await expect(fee.getByText(`${engineer.user.name} is your engineer.`)).toBeVisible();
    await expect(page.getByRole('link', { name: engineer.user.email })).toHaveCount(0);
    // The booking email's "View your ticket" lands here too: its receipts are on the page.
    const receipts = page.getByRole('region', { name: 'Receipts' });
    await expect(receipts.getByText(/^Booking fee · ₹99/)).toBeVisible();
    await expect(receipts.getByRole('button', { name: /^Download receipt RF\// })).toHaveCount(1);
    await expectNoA11yViolations(page);

    await fee.getByRole('button', { name: 'Pay ₹299 to Continue' }).click();
    const dialog = checkout(page);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Payment successful!', 'success');
    // Paid: the fee part goes, and the ticket's details show the engineer's email and phone.
    await expect(fee).toHaveCount(0);
    // The fee's receipt joins the booking's, without a reload.
    await expect(receipts.getByText(/^In-progress fee · ₹299/)).toBeVisible();
    await expect(receipts.getByRole('button', { name: /^Download receipt RF\// })).toHaveCount(2);
    await expect(page.getByRole('link', { name: engineer.user.email })).toHaveAttribute(
      'href',
      `mailto:${engineer.user.email}`,
    );
    await expect(page.getByRole('link', { name: engineer.user.phone })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: engineer.user.email })).toBeVisible();
    await expect(page.getByRole('region', { name: 'In-progress fee' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);

    // Staff see on the ticket's page whether the fee is paid.
    const staff = await apiLogin(request, engineer.user.email, engineer.password);
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await loginInBrowser(staffPage, staff.token);
    await staffPage.goto(`/tickets/${ticket.id}`);
    await expect(staffPage.getByText('₹299 paid')).toBeVisible();
    await staffContext.close();
  });

  test('with every ticket on one page, nothing more is asked for and nothing is shown twice', async ({
    page,
    request,
  }) => {
    const description = `On the first page ${runId()}`;
    const { ticket, customer } = await bookTicketViaApi(request, description);
    await startWork(request, ticket.id);
    const asked = inProgressListCalls(page);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await expect(ticketCard(page, description).getByRole('button', { name: 'Pay ₹299 to Continue' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Waiting for your payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(1);
    expect(asked).toHaveLength(0);
  });

  test('a ticket in progress without an engineer asks for no fee yet', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const description = 'Screen flickers after waking from sleep.';
    const ticket = await bookViaApi(request, account.token, description);
    // An admin may start the work before choosing the engineer: the fee is for the engineer's
    // contact, so it is asked for once one is assigned (the server refuses an order before, 409).
    const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const started = await request.patch(`/api/admin/tickets/${ticket.id}`, {
      headers: auth(admin.token),
      data: { status: 'in-progress' },
    });
    expect(started.status(), await started.text()).toBe(200);
    const order = await request.post('/order-inprogress', {
      headers: auth(account.token),
      data: { ticketId: ticket.id },
    });
    expect(order.status(), await order.text()).toBe(409);

    await loginInBrowser(page, account.token);
    await page.goto('/dashboard');
    const card = ticketCard(page, description);
    await expect(card.getByText(/An engineer is being assigned\. Once they are, you can pay/)).toBeVisible();
    await expect(card.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);
  });

  test.describe('when the payments cannot be read', () => {
    test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 503/ });

    test('while the fee cannot be checked, a card offers no payment and can try again', async ({ page, request }) => {
      const account = await signUpViaApi(request);
      const description = 'Keyboard types the wrong letters.';
      const ticket = await bookViaApi(request, account.token, description);
      const engineer = await startWork(request, ticket.id);
      await payEngineerFee(request, account.token, ticket.id);

      // The payments call fails (the tickets call does not): the card must not ask for a fee already paid.
      await page.route('**/api/user/inprogress-payments', (route) =>
        route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
      );
      await loginInBrowser(page, account.token);
      await page.goto('/dashboard');
      const card = ticketCard(page, description);
      await expect(card.getByText('in progress', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);
      const problem = card
        .getByRole('alert')
        .filter({ hasText: 'We could not check whether the in-progress fee is paid.' });
      await expect(problem).toBeVisible();
      await expect(card.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);

      await page.unroute('**/api/user/inprogress-payments');
      await problem.getByRole('button', { name: 'Try again' }).click();
      await expect(card.getByRole('link', { name: engineer.user.email })).toBeVisible();
      await expect(problem).toHaveCount(0);
      await expect(card.getByRole('button', { name: /Pay ₹299/ })).toHaveCount(0);
    });
  });

  test('a completed ticket shows the remarks and the engineer’s details', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const description = 'Battery does not charge.';
    const ticket = await bookViaApi(request, account.token, description);
    const engineer = await startWork(request, ticket.id);
    await payEngineerFee(request, account.token, ticket.id);
    const eng = await apiLogin(request, engineer.user.email, engineer.password);
    const remarks = 'Replaced the charging port. Battery now charges to 100%.';
    const done = await request.patch(`/api/tickets/${ticket.id}/complete`, {
      headers: auth(eng.token),
      data: { remarks },
    });
    expect(done.status(), await done.text()).toBe(200);

    await loginInBrowser(page, account.token);
    await page.goto('/dashboard');
    const card = ticketCard(page, description);
    await expect(card.getByText('completed', { exact: true })).toBeVisible();
    await expect(card.getByText('Remarks', { exact: true })).toBeVisible();
    await expect(card.getByText(remarks)).toBeVisible();
    await expect(card.getByText(/^Completed /)).toBeVisible();
    await expect(card.getByText(`Engineer: ${engineer.user.name}`)).toBeVisible();
    await expect(card.getByRole('link', { name: engineer.user.email })).toHaveAttribute(
      'href',
      `mailto:${engineer.user.email}`,
    );
    await expect(card.getByRole('link', { name: engineer.user.phone })).toHaveAttribute(
      'href',
      `tel:${engineer.user.phone}`,
    );
    // Nothing left to pay or change: the one action is rating the repair.
    await expect(card.getByRole('button')).toHaveText(['Submit rating']);
    await expectNoA11yViolations(page);
  });
});
