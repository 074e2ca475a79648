import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { AuthResponse, User } from '../../src/shared/contracts/auth';
import type { CheckoutSuccess, OrderResponse } from '../../src/shared/contracts/payments';
import type { Ticket } from '../../src/shared/contracts/tickets';
import {
  E2E_ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
  type ApiAccount,
} from './support/fixtures';

const MAIN = 'Hardware Diagnostics';
const SUB = 'Laptop Not Turning On';
const SERVICE = `${MAIN} › ${SUB}`;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const header = (page: Page) => page.getByRole('banner');
const bookingForm = (page: Page) => page.getByRole('form', { name: 'Book a New Ticket' });
const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });
const ticketItems = (page: Page) => page.getByRole('list', { name: 'My tickets' }).getByRole('listitem');
const ticketCard = (page: Page, description: string) => ticketItems(page).filter({ hasText: description });

function bookingFields(page: Page) {
  const f = bookingForm(page);
  return {
    main: f.getByLabel('Services Category'),
    sub: f.getByLabel('Issue Type'),
    description: f.getByLabel('Description'),
    book: f.getByRole('button', { name: 'Book Ticket' }),
    cancel: f.getByRole('button', { name: 'Cancel' }),
  };
}

/** Records the paths of the requests the page makes that match `pattern`. */
function recordRequests(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (pattern.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

/** Signs a customer up through the API and opens their dashboard in the browser. */
async function openDashboard(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<{ name: string; phone: string }> = {},
) {
  const account = await signUpViaApi(request, overrides);
  await loginInBrowser(page, account.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${account.user.name}` })).toBeVisible();
  return account;
}

/** New Ticket → the form, with the categories loaded. */
async function openBookingForm(page: Page) {
  await page.getByRole('button', { name: 'New Ticket' }).click();
  await expect(bookingForm(page)).toBeVisible();
  const f = bookingFields(page);
  await expect(f.main).toBeEnabled();
  await expect(f.main.getByRole('option', { name: MAIN })).toBeAttached();
  return f;
}

/** Opens the form, fills it validly and presses Book Ticket: the Test payment dialog opens. */
async function bookUntilCheckout(page: Page, description: string) {
  const f = await openBookingForm(page);
  await f.main.selectOption({ label: MAIN });
  await expect(f.sub).toBeEnabled();
  await expect(f.sub.getByRole('option', { name: SUB })).toBeAttached();
  await f.sub.selectOption({ label: SUB });
  await f.description.fill(description);
  await f.book.click();
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

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

async function myTickets(request: APIRequestContext, token: string): Promise<Ticket[]> {
  const res = await request.get('/api/tickets', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tickets: Ticket[] }).tickets;
}

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<AuthResponse> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.status(), `login failed: ${await res.text()}`).toBe(200);
  return (await res.json()) as AuthResponse;
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

/** The date as the page formats it (in the browser's own time zone). */
const bookedLabel = (page: Page, iso: string) =>
  page.evaluate(
    (d) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(d)),
    iso,
  );

test.describe('customer dashboard and booking form', () => {
  test('shows the greeting, both tabs and the empty state, with no serious a11y violations', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request, { name: 'Anita Desai' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Anita Desai');
    await expect(header(page).getByText('Welcome Anita Desai')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['My Tickets', 'Profile']);
    await expect(page.getByRole('tab', { name: 'My Tickets' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await expect(page.getByRole('list', { name: 'My tickets' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeVisible();
    expect(await myTickets(request, account.token)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });

  test('the Book a New Ticket form: cascading selects, validation without a checkout, and Cancel', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request);
    const orders = recordRequests(page, /^\/(order|test-checkout)/);
    const f = await openBookingForm(page);
    await expect(page.getByRole('heading', { name: 'Book a New Ticket' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Ticket' })).toHaveCount(0);

    // Issue Type waits for a category.
    await expect(f.main).toHaveValue('');
    await expect(f.sub).toBeDisabled();
    await expect(bookingForm(page).getByText('Choose a category first')).toBeVisible();

    await f.main.selectOption({ label: MAIN });
    await expect(f.sub).toBeEnabled();
    await expect(bookingForm(page).getByText('Choose a category first')).toBeHidden();
    await expect(f.sub.getByRole('option', { name: SUB })).toBeAttached();
    await f.sub.selectOption({ label: SUB });
    await expect(f.sub).not.toHaveValue('');

    // Another category clears the issue type, and offers only its own issues.
    await f.main.selectOption({ label: 'Virus & Malware Removal' });
    await expect(f.sub).toHaveValue('');
    await expect(f.sub.getByRole('option', { name: 'Virus & Trojan Removal' })).toBeAttached();
    await expect(f.sub.getByRole('option', { name: SUB })).toHaveCount(0);

    // With the category chosen and everything else empty, the cleared issue type is asked for.
    await f.book.click();
    await expect(bookingForm(page).getByText('Choose an issue type', { exact: true })).toBeVisible();
    await expect(bookingForm(page).getByText('Description is required', { exact: true })).toBeVisible();
    await expect(bookingForm(page).getByRole('alert')).toHaveCount(2);

    // Fully empty: every message.
    await f.main.selectOption('');
    await expect(f.sub).toBeDisabled();
    await f.book.click();
    for (const m of ['Choose a services category', 'Choose an issue type', 'Description is required']) {
      await expect(bookingForm(page).getByText(m, { exact: true })).toBeVisible();
    }
    await expect(bookingForm(page).getByRole('alert')).toHaveCount(3);
    await expect(f.description).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.waitForTimeout(300);
    await expect(checkout(page)).toHaveCount(0);
    expect(orders.map((r) => r.url())).toEqual([]);

    await f.cancel.click();
    await expect(bookingForm(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeVisible();
    await expect(page.getByText('No tickets yet')).toBeVisible();
  });
});

test.describe('booking and paying', () => {
  test('Pay in the Test payment dialog books the ticket and lists it', async ({ page, request }) => {
    const account = await openDashboard(page, request, { name: 'Rohan Gupta', phone: '+91 98111 22333' });
    const description = 'The laptop will not power on since this morning.';
    const dialog = await bookUntilCheckout(page, description);

    await expect(dialog.getByText('RemoteFix', { exact: true })).toBeVisible();
    await expect(dialog.getByText('₹99', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText(['Rohan Gupta', account.user.email, '+91 98111 22333']);
    await expect(dialog.getByRole('button', { name: 'Fail' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(dialog).toBeHidden();
    // The form closes once paid.
    await expect(bookingForm(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeVisible();

    await expect(ticketItems(page)).toHaveCount(1);
    const card = ticketItems(page).first();
    await expect(card.getByRole('heading', { name: SERVICE })).toBeVisible();
    await expect(card.getByText('pending', { exact: true })).toBeVisible();
    await expect(card.getByText(description)).toBeVisible();
    await expect(page.getByText('No tickets yet')).toHaveCount(0);

    const tickets = await myTickets(request, account.token);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ service: SERVICE, status: 'pending', description, engineer: null });
    expect(Date.now() - new Date(tickets[0]!.createdAt).getTime()).toBeLessThan(5 * 60_000);
    await expect(card.getByText(`Booked ${await bookedLabel(page, tickets[0]!.createdAt)}`)).toBeVisible();

    // Still there after a reload.
    await page.reload();
    await expect(ticketCard(page, description).getByRole('heading', { name: SERVICE })).toBeVisible();
  });

  test('Fail in the Test payment dialog shows "Payment failed or timed out." and books nothing', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request);
    const dialog = await bookUntilCheckout(page, 'Fan is very loud.');
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await expectToast(page, 'Payment failed or timed out.', 'error');
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Ticket booked')).toHaveCount(0);
    // The form stays open with the draft, so the customer can try again.
    await expect(bookingFields(page).description).toHaveValue('Fan is very loud.');
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await expect(ticketItems(page)).toHaveCount(0);
    expect(await myTickets(request, account.token)).toEqual([]);

    // Trying again with the same draft opens a new checkout, and paying it books exactly one ticket.
    await bookingFields(page).book.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(ticketItems(page)).toHaveCount(1);
    await expect(ticketCard(page, 'Fan is very loud.').getByRole('heading', { name: SERVICE })).toBeVisible();
    expect(await myTickets(request, account.token)).toHaveLength(1);
  });

  test('pressing Escape in the Test payment dialog shows "Payment cancelled" and books nothing', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request);
    const dialog = await bookUntilCheckout(page, 'Screen flickers.');
    await page.keyboard.press('Escape');
    await expectToast(page, 'Payment cancelled', 'info');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await expect(bookingForm(page)).toBeVisible();
    expect(await myTickets(request, account.token)).toEqual([]);
  });

  test('the Close button of the Test payment dialog also cancels the payment', async ({ page, request }) => {
    const account = await openDashboard(page, request);
    const dialog = await bookUntilCheckout(page, 'Keyboard stopped typing.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectToast(page, 'Payment cancelled', 'info');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No tickets yet')).toBeVisible();
    expect(await myTickets(request, account.token)).toEqual([]);
  });
});

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
    await expect(dialog.getByText(`Engineer assignment fee for ${SERVICE}`)).toBeVisible();
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

  test('a fee paid before an engineer is assigned asks for nothing more', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const description = 'Screen flickers after waking from sleep.';
    const ticket = await bookViaApi(request, account.token, description);
    // An admin may start the work before choosing the engineer; the customer may pay then.
    const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const started = await request.patch(`/api/admin/tickets/${ticket.id}`, {
      headers: auth(admin.token),
      data: { status: 'in-progress' },
    });
    expect(started.status(), await started.text()).toBe(200);
    await payEngineerFee(request, account.token, ticket.id);

    await loginInBrowser(page, account.token);
    await page.goto('/dashboard');
    const card = ticketCard(page, description);
    await expect(
      card.getByText('Fee paid. An engineer is being assigned; their contact details will appear here.'),
    ).toBeVisible();
    await expect(card.getByText(/Pay the engineer assignment fee/)).toHaveCount(0);
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
        .filter({ hasText: 'We could not check whether the engineer assignment fee is paid.' });
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
    await expect(card.getByRole('button')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('profile', () => {
  async function openProfile(page: Page, request: APIRequestContext) {
    const account = await openDashboard(page, request, { name: 'Sunita Rao', phone: '+91 90000 11111' });
    await page.getByRole('tab', { name: 'Profile' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Profile' });
    await expect(panel).toBeVisible();
    return { account, panel };
  }
  const editForm = (page: Page) => page.getByRole('form', { name: 'Edit profile' });

  test('shows name, email and phone; Edit Profile → Save updates them and the header', async ({ page, request }) => {
    const { account, panel } = await openProfile(page, request);
    await expect(panel.getByRole('term')).toHaveText(['Name', 'Email', 'Phone']);
    await expect(panel.getByRole('definition')).toHaveText(['Sunita Rao', account.user.email, '+91 90000 11111']);

    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    const form = editForm(page);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Sunita Rao');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.user.email);
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('+91 90000 11111');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Sunita Rao-Menon');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 90000 22222');
    await form.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Profile updated successfully!', 'success');
    await expect(form).toHaveCount(0);
    await expect(panel.getByRole('definition')).toHaveText(['Sunita Rao-Menon', account.user.email, '+91 90000 22222']);
    await expect(header(page).getByText('Welcome Sunita Rao-Menon')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Sunita Rao-Menon');

    const me = await request.get('/api/me', { headers: auth(account.token) });
    expect(((await me.json()) as { user: User }).user).toMatchObject({
      name: 'Sunita Rao-Menon',
      phone: '+91 90000 22222',
      email: account.user.email,
    });
    await page.reload();
    await expect(header(page).getByText('Welcome Sunita Rao-Menon')).toBeVisible();
  });

  test('a blank name is refused without calling the server, and Cancel discards edits', async ({ page, request }) => {
    const { panel } = await openProfile(page, request);
    const patches = recordRequests(page, /^\/api\/profile$/);
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    const form = editForm(page);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(1);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(300);
    expect(patches).toHaveLength(0);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Somebody Else');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 90000 99999');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await expect(panel.getByRole('definition')).toHaveText(['Sunita Rao', /@example\.com$/, '+91 90000 11111']);
    await expect(header(page).getByText('Welcome Sunita Rao')).toBeVisible();

    // Editing again starts from the saved values, not the discarded ones.
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Sunita Rao');
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('+91 90000 11111');
    expect(patches).toHaveLength(0);
  });

  test.describe('refusals from the server', () => {
    test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 409/ });

    test('an email that belongs to another account shows the server’s message', async ({ page, request }) => {
      const other = await signUpViaApi(request);
      const { account, panel } = await openProfile(page, request);
      await panel.getByRole('button', { name: 'Edit Profile' }).click();
      const form = editForm(page);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(other.user.email);
      const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile');
      await form.getByRole('button', { name: 'Save' }).click();
      expect((await response).status()).toBe(409);

      await expectToast(page, 'An account with this email already exists', 'error');
      await expect(form).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(other.user.email);
      const me = await request.get('/api/me', { headers: auth(account.token) });
      expect(((await me.json()) as { user: User }).user.email).toBe(account.user.email);
    });
  });
});

test.describe('access rules', () => {
  test('/dashboard when logged out redirects to /', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('the superadmin visiting /dashboard lands on /admin', async ({ page, request }) => {
    const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
    expect(admin.user.role).toBe('superadmin');
    await loginInBrowser(page, admin.token);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/admin');
  });
});

test.describe('payment status polling', () => {
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test('when /verify answers 503, the page polls /payment-status and still books the ticket', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request);
    const verifies = recordRequests(page, /^\/verify$/);
    const polls = recordRequests(page, /^\/payment-status\//);
    await page.route('**/verify', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'x' }) }),
    );
    const description = 'Blue screen on boot.';
    const dialog = await bookUntilCheckout(page, description);
    await dialog.getByRole('button', { name: 'Pay' }).click();

    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(toast(page, 'Payment verification failed')).toHaveCount(0);
    expect(verifies).toHaveLength(1);
    expect(polls.length).toBeGreaterThanOrEqual(1);
    await expect(ticketCard(page, description).getByRole('heading', { name: SERVICE })).toBeVisible();
    const tickets = await myTickets(request, account.token);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ description, service: SERVICE, status: 'pending' });
  });
});
