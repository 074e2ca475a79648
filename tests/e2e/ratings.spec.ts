import type { Locator, Page } from '@playwright/test';
import { completedTicketViaApi, startWorkViaApi } from './support/completed-ticket';
import { ticketCard } from './support/customer';
import { ownPages } from './support/own-pages';
import {
  expect,
  contrastRatio,
  expectNoA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
} from './support/fixtures';
import {
  adminToken,
  apiLogin,
  auth,
  bookTicketViaApi,
  createEngineerViaApi,
  revealTicketRow,
  runId,
} from './support/staff';

// Ratings (DECISIONS.md §7.5, issue 29): the customer rates a completed repair from 1 to 5 with an
// optional comment, once, from the dashboard or from the completion email's link (/tickets/{id}?rate=1);
// the engineer sees it live with their own average, the admin in the list, the ticket and its history.

/** The server sends each event within a second. */
const LIVE = { timeout: 5_000 };

const ratingForm = (scope: Page | Locator) => scope.getByRole('form', { name: 'Rate the repair' });

/** Clicks the `score`-th star of a rating form, writes `comment`, and submits it. */
async function rate(page: Page, form: Locator, score: number, comment: string) {
  const name = `${score} ${score === 1 ? 'star' : 'stars'}`;
  await form.locator('label').filter({ hasText: name }).click();
  await expect(form.getByRole('radio', { name })).toBeChecked();
  await form.getByLabel('Comment (optional)').fill(comment);
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await expectToast(page, 'Thank you for your rating', 'success');
}

test.describe('rating a completed repair', () => {
  const ownPage = ownPages();

  test('the customer rates from the dashboard, once; the engineer and the admin see it', async ({
    page,
    browser,
    request,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Rated Engineer ${run}`);
    const description = `Laptop would not start (${run}).`;
    const { ticket, customer } = await completedTicketViaApi(request, { description, engineer });
    const comment = `Quick and polite, fixed within the half hour (${run}).`;

    // The engineer's dashboard is open while the customer rates: the rating arrives without a reload.
    const engineerPage = await ownPage(browser);
    await loginInBrowser(engineerPage, (await apiLogin(request, engineer.user.email, engineer.password)).token);
    await engineerPage.goto('/dashboard');
    const assigned = engineerPage.getByRole('listitem').filter({ hasText: description });
    await expect(assigned).toBeVisible();
    await expect(assigned.getByText('Customer rating')).toHaveCount(0);
    await expect(engineerPage.getByText(/Your average rating/)).toHaveCount(0);

    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    const card = ticketCard(page, description);
    await rate(page, ratingForm(card), 4, comment);
    await expect(card.getByText('Your rating', { exact: true })).toBeVisible();
    await expect(card).toContainText('4 of 5');
    await expect(card).toContainText(comment);
    await expect(ratingForm(card)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Submit rating' })).toHaveCount(0);

    // Still there after a reload, with no way to rate again; the API refuses a second rating.
    await page.reload();
    await expect(card.getByText(comment)).toBeVisible();
    await expect(ratingForm(card)).toHaveCount(0);
    const again = await request.post(`/api/tickets/${ticket.id}/rating`, {
      headers: auth(customer.token),
      data: { score: 1 },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe('This ticket is already rated');

    await expect(assigned.getByText('Customer rating')).toBeVisible(LIVE);
    await expect(assigned).toContainText('4 of 5');
    await expect(assigned).toContainText(comment);
    await expect(engineerPage.getByText('Your average rating: 4.0 / 5 (1 rating)')).toBeVisible(LIVE);

    // The admin: in All Tickets, in the ticket's history and on the ticket's page.
    const adminPage = await ownPage(browser);
    await loginInBrowser(adminPage, await adminToken(request));
    await adminPage.goto('/admin');
    const { row } = await revealTicketRow(adminPage, description);
    await expect(row).toContainText('Rated');
    await expect(row).toContainText('4 of 5');
    await expect(row).toContainText(comment);
    await row.getByRole('button', { name: /^History of ticket/ }).click();
    const history = adminPage.getByRole('dialog', { name: 'Ticket history' });
    const rated = history.getByRole('listitem').filter({ hasText: 'Rated 4 of 5 by the customer' });
    await expect(rated).toContainText(comment);
    await expect(rated).toContainText(`${customer.user.name} (Customer)`);
    await adminPage.keyboard.press('Escape');

    await adminPage.goto(`/tickets/${ticket.id}`);
    await expect(adminPage.getByText('Customer rating')).toBeVisible();
    await expect(adminPage.getByText('4 of 5')).toBeVisible();
    await expect(ratingForm(adminPage)).toHaveCount(0);
  });

  test('the email’s link opens the ticket with the form focused; the keyboard rates it', async ({ page, request }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Linked Engineer ${run}`);
    const { ticket, customer } = await completedTicketViaApi(request, {
      description: `Printer offline (${run}).`,
      engineer,
    });
    await loginInBrowser(page, customer.token);
    await page.goto(`/tickets/${ticket.id}?rate=1`);
    const form = ratingForm(page);
    await expect(form.getByRole('radio', { name: '1 star' })).toBeFocused();
    await expectNoA11yViolations(page);
    // The stars are the control: each outline, chosen or not, stands out 3:1 from the card (WCAG 1.4.11).
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '3 stars' })).toBeChecked();
    const outlines = await form
      .locator('label svg')
      .evaluateAll((stars) => stars.map((star) => getComputedStyle(star).stroke));
    expect(new Set(outlines).size, 'chosen and not chosen look different').toBe(2);
    for (const outline of outlines) expect(await contrastRatio(page, outline, 'white')).toBeGreaterThanOrEqual(3);
    await form.getByRole('radio', { name: '1 star' }).focus();

    // The arrow keys move along the stars, as in any radio group.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Comment (optional)')).toBeFocused();
    await page.keyboard.type('Very patient on the phone.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Thank you for your rating', 'success');
    await expect(page.getByText('Your rating', { exact: true })).toBeVisible();
    await expect(page.getByText('Very patient on the phone.')).toBeVisible();
    // A thank-you, not "already rated": this page gave it.
    await expect(page.getByText('You have already rated this repair')).toHaveCount(0);

    // The same link again: the page says it is done, and offers no form.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You have already rated this repair.' })).toBeVisible();
    await expect(ratingForm(page)).toHaveCount(0);
    await expect(page.getByText('Very patient on the phone.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('signed out, the email’s link asks for the login, then opens the form', async ({ page, request }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Login Engineer ${run}`);
    const { ticket, customer } = await completedTicketViaApi(request, {
      description: `Wi-Fi drops every hour (${run}).`,
      engineer,
    });
    await page.goto(`/tickets/${ticket.id}?rate=1`);
    await expect(page).toHaveURL('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await dialog.getByLabel('Email').fill(customer.user.email);
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`/tickets/${ticket.id}?rate=1`);
    await expect(ratingForm(page).getByRole('radio', { name: '1 star' })).toBeFocused();

    // Closing the dialog and logging in later from the header goes to the dashboard as usual.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.goto(`/tickets/${ticket.id}?rate=1`);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await dialog.getByLabel('Email').fill(customer.user.email);
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('a ticket not completed yet says it cannot be rated yet', async ({ page, request }) => {
    const { ticket, customer } = await bookTicketViaApi(request, `Fan noise (${runId()}).`);
    await loginInBrowser(page, customer.token);
    await page.goto(`/tickets/${ticket.id}?rate=1`);
    await expect(
      page.getByRole('status').filter({ hasText: 'This ticket can be rated once the repair is completed.' }),
    ).toBeVisible();
    await expect(ratingForm(page)).toHaveCount(0);
    // Without the link's ?rate=1, the page says nothing about ratings.
    await page.goto(`/tickets/${ticket.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ticket.number);
    await expect(page.getByText('can be rated')).toHaveCount(0);
  });

  test('a ticket an admin completed without remarks shows when, not an empty Remarks box', async ({
    page,
    request,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Admin Completed ${run}`);
    const description = `Finished at the desk (${run}).`;
    const { ticket, customer } = await bookTicketViaApi(request, description);
    await startWorkViaApi(request, ticket.id, engineer);
    const headers = auth(await adminToken(request));
    const done = await request.patch(`/api/admin/tickets/${ticket.id}`, { headers, data: { status: 'completed' } });
    expect(done.status(), await done.text()).toBe(200);

    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    const card = ticketCard(page, description);
    await expect(card.getByText(/^Completed \d/)).toBeVisible();
    await expect(card.getByText('Remarks', { exact: true })).toHaveCount(0);
    await expect(ratingForm(card)).toBeVisible();
  });

  test('a long comment and a long name fit a phone', async ({ page, browser, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Engineer With A Rather Long Name ${run}`);
    const customer = await signUpViaApi(request, { name: `Customer ${'Verylongfamilyname'.repeat(4)} ${run}` });
    const description = `Sound card gone (${run}).`;
    const { ticket } = await completedTicketViaApi(request, { description, engineer, customer });
    const comment = `${'Excellent'.repeat(40)} ${'great service, '.repeat(40)}`.trim();
    await loginInBrowser(page, customer.token);
    await page.goto(`/tickets/${ticket.id}?rate=1`);
    await rate(page, ratingForm(page), 3, comment);
    await expect(page.getByText('Your rating', { exact: true })).toBeVisible();
    const fits = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits(page)).toBe(true);
    await page.goto('/dashboard');
    await expect(ticketCard(page, description).getByText('Your rating', { exact: true })).toBeVisible();
    expect(await fits(page)).toBe(true);

    const engineerPage = await ownPage(browser);
    await engineerPage.setViewportSize({ width: 390, height: 844 });
    await loginInBrowser(engineerPage, (await apiLogin(request, engineer.user.email, engineer.password)).token);
    await engineerPage.goto('/dashboard');
    await expect(engineerPage.getByRole('listitem').filter({ hasText: description })).toContainText('3 of 5');
    expect(await fits(engineerPage)).toBe(true);
    await engineerPage.goto(`/tickets/${ticket.id}`);
    await expect(engineerPage.getByText('Customer rating')).toBeVisible();
    expect(await fits(engineerPage)).toBe(true);
  });
});
