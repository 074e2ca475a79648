import type { Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
  toast,
} from './support/fixtures';
import {
  bookingFields,
  bookingForm,
  bookUntilCheckout,
  checkout,
  myTickets,
  openBookingForm,
  openDashboard,
  ticketCard,
  ticketItems,
} from './support/customer';
import { MAIN, recordRequests, SERVICE, SUB } from './support/staff';
import { shownTime } from './support/times';

/** The page's own POST /api/tickets calls: /verify answers the booked ticket, so there should be none. */
const ticketPosts = (page: Page) => recordRequests(page, /^\/api\/tickets$/, 'POST');

/** The date as the page formats it (in the browser's own time zone). */
const bookedLabel = shownTime;

test.describe('booking and paying', () => {
  test('Pay in the Test payment dialog books the ticket and lists it', async ({ page, request }) => {
    const account = await openDashboard(page, request, { name: 'Rohan Gupta', phone: '+91 98111 22333' });
    const verifies = recordRequests(page, /^\/verify$/, 'POST');
    const posts = ticketPosts(page);
    const description = 'The laptop will not power on since this morning.';
    const dialog = await bookUntilCheckout(page, description);

    await expect(dialog.getByText('RemoteFix', { exact: true })).toBeVisible();
    await expect(dialog.getByText('₹99', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText(['Rohan Gupta', account.user.email, '+91 98111 22333']);
    await expect(dialog.getByRole('button', { name: 'Fail' })).toBeEnabled();
    // The dialog opens on Pay, what the customer came for, not on Fail.
    await expect(dialog.getByRole('button', { name: 'Pay' })).toBeFocused();
    await expectNoA11yViolations(page);

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
    // One call for one ticket: /verify made it and answered it.
    expect(verifies).toHaveLength(1);
    expect(posts).toEqual([]);

    // Still there after a reload, and the booked form is not opened again.
    await page.reload();
    await expect(ticketCard(page, description).getByRole('heading', { name: SERVICE })).toBeVisible();
    await expect(bookingForm(page)).toHaveCount(0);
  });

  test('a reload during the checkout keeps the form and what was written in it; Cancel forgets it', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request);
    const description = 'The screen flickers when the charger is plugged in.';
    await bookUntilCheckout(page, description);

    // Reloaded with the checkout open: the form is open again, as it was.
    await page.reload();
    const f = bookingFields(page);
    await expect(f.main.locator('option:checked')).toHaveText(MAIN);
    await expect(f.sub.locator('option:checked')).toHaveText(SUB);
    await expect(f.description).toHaveValue(description);
    await f.book.click();
    await checkout(page).getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(ticketCard(page, description)).toHaveCount(1);

    // Booked: a reload opens no form. A new one, half written, comes back after leaving the page.
    await page.reload();
    await expect(ticketCard(page, description)).toHaveCount(1);
    await expect(bookingForm(page)).toHaveCount(0);
    const next = await openBookingForm(page);
    await expect(next.description).toHaveValue('');
    await next.description.fill('Half a thought');
    await page.goto('/');
    await page.goto('/dashboard');
    await expect(bookingFields(page).description).toHaveValue('Half a thought');

    // Cancelled: forgotten.
    await bookingFields(page).cancel.click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeVisible();
    await expect(bookingForm(page)).toHaveCount(0);
    await expect((await openBookingForm(page)).description).toHaveValue('');
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

  test('a payment that completes while the checkout is closing still books the ticket (asked once, not "cancelled")', async ({
    page,
    request,
  }) => {
    // Like a UPI request approved on the phone after the customer closed Razorpay's window.
    const account = await openDashboard(page, request);
    const posts = ticketPosts(page);
    const description = 'Paid on the phone after closing the window.';
    const opened = page.waitForResponse((r) => r.url().endsWith('/order') && r.request().method() === 'POST');
    const dialog = await bookUntilCheckout(page, description);
    const order = (await (await opened).json()) as { id: string };
    const paid = await request.post(`/test-checkout/${order.id}`, {
      headers: { authorization: `Bearer ${account.token}` },
      data: { outcome: 'success' },
    });
    expect(paid.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(ticketCard(page, description)).toBeVisible();
    await expect(toast(page, 'Payment cancelled')).toHaveCount(0);
    expect((await myTickets(request, account.token)).map((t) => t.description)).toEqual([description]);
    expect(posts).toEqual([]);
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

test.describe('on a bad line', () => {
  test.use({
    allowConsoleErrors:
      /^Failed to load resource: (net::ERR_CONNECTION_RESET|the server responded with a status of 409)/,
  });

  // An audit of a phone on a bad line: Pay's answer was lost after the order was paid; Pay again
  // said "This order is already paid" and left the customer in the dialog with Pay still active.
  test('Pay again after a lost answer books the paid ticket, once', async ({ page, request }) => {
    const account = await openDashboard(page, request);
    let lost = false;
    await page.route('**/test-checkout/*', async (route) => {
      if (lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const dialog = await bookUntilCheckout(page, 'The screen goes dark after a minute.');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The test checkout did not answer. Try again.');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(dialog).toBeHidden();
    await expect(ticketItems(page)).toHaveCount(1);
    expect(await myTickets(request, account.token)).toHaveLength(1);
  });
  // An audit: a reload after Pay, before the page heard of the payment, opened the kept draft again,
  // and Book Ticket would have opened a second ₹99 order for a ticket already booked.
  test('a reload after the payment was taken, before the page heard of it, finds the draft booked', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request);
    // /verify reaches the server (the ticket is made) but its answer never comes back to the page,
    // nor does the order's status the page would ask for next: it never hears of the payment.
    await page.route('**/verify', async (route) => {
      await route.fetch().catch(() => undefined);
      await new Promise(() => undefined);
    });
    await page.route('**/payment-status/*', () => new Promise(() => undefined));
    const description = 'The keyboard types the wrong letters.';
    const dialog = await bookUntilCheckout(page, description);
    const verified = page.waitForRequest('**/verify');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await verified;
    await expect.poll(async () => (await myTickets(request, account.token)).length).toBe(1);

    await page.unroute('**/verify');
    await page.unroute('**/payment-status/*');
    await page.reload();
    await expectToast(page, 'Your last booking went through: its ticket is in your list.', 'info');
    await expect(bookingForm(page)).toHaveCount(0);
    await expect(ticketCard(page, description)).toHaveCount(1);
    await page.reload();
    await expect(ticketCard(page, description)).toHaveCount(1);
    await expect(bookingForm(page)).toHaveCount(0);
  });
});

test.describe('a kept draft', () => {
  test.use({ allowConsoleErrors: /Failed to load resource: the server responded with a status of 404/ });

  test('a kept draft whose category is gone opens with the category to choose again, the words kept', async ({
    page,
    request,
  }) => {
    // Its issues are asked for once before the categories arrive: that category answers 404.
    const account = await signUpViaApi(request);
    await page.addInitScript(
      ([key, draft]) => sessionStorage.setItem(key!, draft!),
      [
        `remotefix.draft.${account.user.id}.booking`,
        JSON.stringify({
          mainServiceId: '00000000-0000-4000-8000-000000000001',
          subServiceId: '00000000-0000-4000-8000-000000000002',
          description: 'The fan is loud.',
        }),
      ],
    );
    await loginInBrowser(page, account.token);
    await page.goto('/dashboard');
    const f = bookingFields(page);
    await expect(f.description).toHaveValue('The fan is loud.');
    await expect(f.main.locator('option:checked')).toHaveText('Select a category');
    await expect(f.sub).toBeDisabled();
    await f.book.click();
    await expect(bookingForm(page).getByText('Choose a services category')).toBeVisible();
  });
});

test.describe('an order the server refuses', () => {
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test('says "Failed to create payment order", with the server\'s reason when it gives one, and keeps the form', async ({
    page,
    request,
  }) => {
    const account = await openDashboard(page, request);
    const answers = [
      { status: 429, body: JSON.stringify({ error: 'Too many requests, please try again in a minute' }) },
      { status: 502, body: JSON.stringify({ error: 'Failed to create payment order' }) },
      { status: 500, body: 'not json' },
    ];
    await page.route('**/order', (route) => route.fulfill({ contentType: 'application/json', ...answers.shift()! }));
    const f = await openBookingForm(page);
    await f.main.selectOption({ label: MAIN });
    await f.sub.selectOption({ label: SUB });
    await f.description.fill('Battery drains in an hour.');
    await f.book.click();
    await expectToast(page, 'Failed to create payment order: Too many requests, please try again in a minute', 'error');
    // The provider's failure, then an answer without { error }: the message alone, once for each.
    const plain = page.locator('[data-sonner-toast][data-type="error"] [data-title]', {
      hasText: /^Failed to create payment order$/,
    });
    for (const count of [1, 2]) {
      await expect(f.book).toBeEnabled();
      await f.book.click();
      await expect(plain).toHaveCount(count);
    }
    await expect(checkout(page)).toBeHidden();
    await expect(f.description).toHaveValue('Battery drains in an hour.');

    // No answer at all (offline): said so, with what it means for the customer's money.
    await page.unroute('**/order');
    await page.context().setOffline(true);
    await f.book.click();
    await expectToast(
      page,
      'Failed to create payment order: no connection, nothing was charged. Check your connection and try again.',
      'error',
    );
    await page.context().setOffline(false);
    await expect(f.description).toHaveValue('Battery drains in an hour.');
    expect(await myTickets(request, account.token)).toEqual([]);
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
    const posts = ticketPosts(page);
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
    // The paid status is enough: the checkout made the ticket, and the list's refresh shows it.
    expect(posts).toEqual([]);
  });

  test('a session that ends while the status is polled stops the polling and says what happens to the payment', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request);
    const polls = recordRequests(page, /^\/payment-status\//);
    await page.route('**/verify', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'x' }) }),
    );
    // The server refuses the session from the first status read on (as after a password change elsewhere).
    await page.route('**/payment-status/*', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Invalid token' }) }),
    );
    const dialog = await bookUntilCheckout(page, 'Fan noise after a BIOS update.');
    await dialog.getByRole('button', { name: 'Pay' }).click();

    await expectToast(page, 'Your session has ended. Please log in again.', 'info');
    await expectToast(page, 'If your payment went through, your ticket will appear once you log in again.', 'info');
    await expect(page).toHaveURL('/');
    // Asking again cannot change a refusal: one read, not one every 3 s until the 120 s are up.
    await page.waitForTimeout(7_000);
    expect(polls).toHaveLength(1);
    await expect(toast(page, /Timed out|Payment failed/)).toHaveCount(0);
  });
});
