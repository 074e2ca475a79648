import type { APIRequestContext, Page, Route } from '@playwright/test';
import { storedToken } from './support/auth';
import { startTwoInstances, type TwoInstances } from './support/built-instances';
import { PAGE_SIZE, type Ticket } from '../../src/shared/contracts/tickets';
import { ticketCard, ticketItems } from './support/customer';
import { E2E_ADMIN, expect, expectToast, loginInBrowser, signUpViaApi, test } from './support/fixtures';
import {
  apiLogin,
  auth,
  bookTicketViaApi,
  createEngineerViaApi,
  openAdmin,
  recordRequests,
  revealTicketRow,
  runId,
  SERVICE,
} from './support/staff';
import { ownPages } from './support/own-pages';

// The dashboards follow GET /api/events (DECISIONS.md §7.1): what changes in one browser shows in
// the others without a reload. Each person has a browser context of their own (their own session).

/** Well within "a few seconds"; the server sends each event within a second. */
const LIVE = { timeout: 5_000 };

const isEventStream = (url: string) => new URL(url).pathname === '/api/events';

/** Opens `path` signed in with `token`, once its event stream has opened; marks the document, so a reload shows. */
async function openLive(page: Page, token: string, path: string) {
  await loginInBrowser(page, token);
  const opened = page.waitForResponse((r) => isEventStream(r.url()) && r.status() === 200);
  await page.goto(path);
  await opened;
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
}

const sameDocument = (page: Page) => page.evaluate(() => 'e2eSameDocument' in window);

/**
 * With the customer's and the engineer's dashboards open, an admin assigns a new ticket and starts
 * it from All Tickets: both dashboards follow without a reload. `request` reaches the admin's server;
 * each page reaches the server its context names.
 */
async function followAnAdminLive(request: APIRequestContext, pages: { customer: Page; engineer: Page; admin: Page }) {
  const run = runId();
  const engineer = await createEngineerViaApi(request, `Live Engineer ${run}`);
  const { ticket, customer } = await bookTicketViaApi(request, `Screen flickers on wake (${run}).`);
  const engineerLogin = await apiLogin(request, engineer.user.email, engineer.password);

  await openLive(pages.customer, customer.token, '/dashboard');
  const card = ticketCard(pages.customer, ticket.description);
  await expect(card.getByText('pending', { exact: true })).toBeVisible();

  await openLive(pages.engineer, engineerLogin.token, '/dashboard');
  await expect(pages.engineer.getByText('No tickets assigned yet')).toBeVisible();

  await openAdmin(pages.admin, request);
  const { row } = await revealTicketRow(pages.admin, ticket.description);

  // The admin assigns: the ticket appears on the engineer's dashboard.
  await row
    .getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` })
    .selectOption({ label: engineer.user.name });
  await row.getByRole('button', { name: 'Assign' }).click();
  await expectToast(pages.admin, `Assigned to ${engineer.user.name}`, 'success');
  const assigned = pages.engineer.getByRole('main').getByRole('listitem').filter({ hasText: ticket.description });
  await expect(assigned.getByText('Waiting for an admin to start this ticket.')).toBeVisible(LIVE);

  // The admin starts the work: the customer sees the status and their engineer, the engineer can complete it.
  await row.getByRole('combobox', { name: `Status of ticket ${SERVICE}` }).selectOption('in-progress');
  await row.getByRole('button', { name: 'Update' }).click();
  await expectToast(pages.admin, 'Status updated to In Progress', 'success');
  await expect(card.getByText('in progress', { exact: true })).toBeVisible(LIVE);
  await expect(card.getByText(`${engineer.user.name} is your engineer.`)).toBeVisible(LIVE);
  await expect(card.getByRole('button', { name: 'Pay ₹299 to Continue' })).toBeVisible();
  await expect(assigned.getByRole('button', { name: 'Complete Ticket' })).toBeVisible(LIVE);

  expect(await sameDocument(pages.customer), "the customer's page was not reloaded").toBe(true);
  expect(await sameDocument(pages.engineer), "the engineer's page was not reloaded").toBe(true);
}

async function adminCall(request: APIRequestContext, path: string, data: object) {
  const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const res = await request.patch(path, { headers: auth(admin.token), data });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('live dashboards', () => {
  const ownPage = ownPages();

  test("an admin's assignment and status change reach the customer and the engineer without a reload", async ({
    page,
    browser,
    request,
  }) => {
    await followAnAdminLive(request, {
      customer: page,
      engineer: await ownPage(browser),
      admin: await ownPage(browser),
    });
  });

  test('a list refreshed by an event keeps what is being typed or chosen, and the focus', async ({
    page: engineerPage,
    browser,
    request,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Busy Engineer ${run}`);
    const { ticket: started } = await bookTicketViaApi(request, `Fan grinds under load (${run}).`);
    const { ticket: next } = await bookTicketViaApi(request, `Keyboard drops keys (${run}).`);
    await adminCall(request, `/api/admin/tickets/${started.id}/assign`, { engineerId: engineer.user.id });
    await adminCall(request, `/api/admin/tickets/${started.id}`, { status: 'in-progress' });
    const engineerLogin = await apiLogin(request, engineer.user.email, engineer.password);
    const adminPage = await ownPage(browser);

    // The engineer is halfway through the remarks of one ticket.
    await openLive(engineerPage, engineerLogin.token, '/dashboard');
    const items = engineerPage.getByRole('main').getByRole('listitem');
    const card = items.filter({ hasText: started.description });
    await card.getByRole('button', { name: 'Complete Ticket' }).click();
    const remarks = card.getByRole('textbox', { name: 'Remarks' });
    await remarks.pressSequentially('Cleaned the fan and');
    await expect(remarks).toBeFocused();

    // An admin has picked a new status for it, not yet saved, and is still on the select.
    const adminOpened = adminPage.waitForResponse((r) => isEventStream(r.url()) && r.status() === 200);
    await openAdmin(adminPage, request);
    await adminOpened;
    const { row } = await revealTicketRow(adminPage, started.description);
    const status = row.getByRole('combobox', { name: `Status of ticket ${SERVICE}` });
    await status.selectOption('completed');
    await status.focus();

    // Another ticket is assigned to the engineer meanwhile: both lists are asked again.
    await adminCall(request, `/api/admin/tickets/${next.id}/assign`, { engineerId: engineer.user.id });
    await expect(items.filter({ hasText: next.description })).toBeVisible(LIVE);
    // (Booked after the other, so among the rows already loaded.)
    await expect(adminPage.getByRole('row').filter({ hasText: next.description })).toContainText(
      engineer.user.email,
      LIVE,
    );

    await expect(remarks).toHaveValue('Cleaned the fan and');
    await expect(remarks).toBeFocused();
    await expect(remarks).toBeInViewport();
    await engineerPage.keyboard.type(' replaced the paste.');
    await expect(remarks).toHaveValue('Cleaned the fan and replaced the paste.');

    await expect(status).toHaveValue('completed');
    await expect(status).toBeFocused();
    await expect(row.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  // §7.1: an event reaches the ticket's parties "and nobody else", so the engineer a ticket is
  // taken from hears nothing of it; their list lets go of it when they come back to the tab.
  test('an engineer a ticket is taken from gets no event; their list drops it on coming back to the tab', async ({
    page,
    request,
  }) => {
    const run = runId();
    const first = await createEngineerViaApi(request, `First Engineer ${run}`);
    const second = await createEngineerViaApi(request, `Second Engineer ${run}`);
    const { ticket } = await bookTicketViaApi(request, `Battery drains overnight (${run}).`);
    await adminCall(request, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: first.user.id });
    const login = await apiLogin(request, first.user.email, first.password);
    await openLive(page, login.token, '/dashboard');
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: ticket.description });
    await expect(card).toBeVisible();

    const lists = recordRequests(page, /\/api\/engineer\/assigned-tickets/);
    await adminCall(request, `/api/admin/tickets/${ticket.id}/assign`, {
      engineerId: second.user.id,
      replaces: first.user.id,
    });
    // No event, so no refresh: the page has not asked for its list again.
    await page.waitForTimeout(1_500);
    expect(lists).toHaveLength(0);
    await expect(card).toBeVisible();

    // Back to the tab (the browser says the page is visible again): the list is asked again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(card).toHaveCount(0, LIVE);
    await expect(page.getByText('No tickets assigned yet')).toBeVisible();
    expect(await sameDocument(page), 'the page was not reloaded').toBe(true);
  });
});

test.describe('the event stream itself', () => {
  test.use({ allowConsoleErrors: /Failed to load resource: the server responded with a status of 401/ });

  test('a burst refreshes once, a reopened stream refreshes, and a refused one signs out and stays closed', async ({
    page,
    request,
  }) => {
    // The stream is the test's: each request waits here until the test answers it.
    const streams: Route[] = [];
    await page.route('**/api/events', (route) => void streams.push(route));
    const stream = async (n: number) => {
      await expect.poll(() => streams.length, { message: `event stream request ${n}` }).toBeGreaterThanOrEqual(n);
      return streams[n - 1]!;
    };
    const sse = (body: string) => ({ status: 200, contentType: 'text/event-stream', body });
    const lists = recordRequests(page, /^\/api\/tickets$/, 'GET');

    const customer = await signUpViaApi(request, { name: `Stream Customer ${runId()}` });
    const { ticket } = await bookTicketViaApi(request, `Battery drains overnight (${runId()}).`, customer);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await expect(ticketCard(page, ticket.description)).toBeVisible();
    expect(lists).toHaveLength(1);

    // Fifty events at once, then the stream ends: the list is asked again once, not fifty times.
    const event = `event: ticket\ndata: {"ticketId":"${ticket.id}","kind":"status","at":"2026-01-01T00:00:00.000Z"}\n\n`;
    await (await stream(1)).fulfill(sse(event.repeat(50)));
    await expect.poll(() => lists.length).toBe(2);
    // The stream that ended is asked for again (about a second later); nothing more was fetched meanwhile.
    const second = await stream(2);
    expect(lists).toHaveLength(2);

    // It opens (a heartbeat only): what was loaded before it is asked again, as events may have been missed.
    await second.fulfill(sse(': ping\n\n'));
    await expect.poll(() => lists.length).toBe(3);

    // The next one is refused: the session has ended, as for any call answered 401.
    await (
      await stream(3)
    ).fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Session ended' }) });
    await expectToast(page, 'Your session has ended. Please log in again.', 'info');
    await expect(page).toHaveURL('/');
    expect(await storedToken(page)).toBeNull();
    // And it is not asked for again.
    await page.waitForTimeout(2_500);
    expect(streams).toHaveLength(3);
  });
  // A ticket's page shows one ticket: an event about another one leaves its thread and details be.
  test("an event about another ticket does not ask again for the ticket page's thread", async ({ page, request }) => {
    const streams: Route[] = [];
    await page.route('**/api/events', (route) => void streams.push(route));
    const run = runId();
    const customer = await signUpViaApi(request, { name: `Two Tickets ${run}` });
    const { ticket: shown } = await bookTicketViaApi(request, `Shown ticket (${run}).`, customer);
    const { ticket: other } = await bookTicketViaApi(request, `Other ticket (${run}).`, customer);
    await loginInBrowser(page, customer.token);
    await page.goto(`/tickets/${shown.id}`);
    await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
    await expect.poll(() => streams.length).toBe(1);
    const asked = recordRequests(page, new RegExp(`^/api/tickets/${shown.id}`), 'GET');

    await streams[0]!.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: `event: ticket\ndata: {"ticketId":"${other.id}","kind":"status","at":"2026-01-01T00:00:00.000Z"}\n\n`,
    });
    // Well past the coalescing of events (250 ms); the reopened stream is left unanswered.
    await page.waitForTimeout(1_000);
    expect(asked.map((r) => new URL(r.url()).pathname)).toEqual([]);
  });

  // A list with a second page loaded would fetch every page again on each event: it asks for the
  // changed ticket alone (`?id=`) and puts it in its place, or at the top for a new one.
  test('with a second page loaded, an event asks for its one ticket, not for every page again', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const streams: Route[] = [];
    await page.route('**/api/events', (route) => void streams.push(route));
    const run = runId();
    const customer = await signUpViaApi(request, { name: `Paged Customer ${run}` });
    const booked: Ticket[] = [];
    for (let i = 0; i <= PAGE_SIZE.default; i++) {
      booked.push((await bookTicketViaApi(request, `Paged live ${i} (${run}).`, customer)).ticket);
    }
    const oldest = booked[0]!;
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await expect(ticketItems(page)).toHaveCount(PAGE_SIZE.default);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(ticketItems(page)).toHaveCount(PAGE_SIZE.default + 1);
    await expect.poll(() => streams.length).toBe(1);
    const lists = recordRequests(page, /^\/api\/tickets$/, 'GET');

    // The oldest ticket, on the second page, is started; another is booked.
    const engineer = await createEngineerViaApi(request, `Paged Engineer ${run}`);
    await adminCall(request, `/api/admin/tickets/${oldest.id}/assign`, { engineerId: engineer.user.id });
    await adminCall(request, `/api/admin/tickets/${oldest.id}`, { status: 'in-progress' });
    const { ticket: newest } = await bookTicketViaApi(request, `Paged live new (${run}).`, customer);
    const event = (id: string, kind: string) =>
      `event: ticket\ndata: {"ticketId":"${id}","kind":"${kind}","at":"2026-01-01T00:00:00.000Z"}\n\n`;
    await streams[0]!.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: event(oldest.id, 'assigned') + event(oldest.id, 'status') + event(newest.id, 'booked'),
    });

    await expect(ticketCard(page, oldest.description).getByText('in progress', { exact: true })).toBeVisible(LIVE);
    await expect(ticketItems(page)).toHaveCount(PAGE_SIZE.default + 2, LIVE);
    await expect(ticketItems(page).first()).toContainText(newest.description);
    await expect(ticketItems(page).last()).toContainText(oldest.description);
    expect(lists.map((r) => new URL(r.url()).searchParams.get('id')).sort()).toEqual([oldest.id, newest.id].sort());
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

// What a load balancer does: the admin's browser reaches one instance, the customer's and the
// engineer's another, all on one PostgreSQL. Each instance hears the other's changes (LISTEN/NOTIFY).
test.describe('live dashboards on two instances of one PostgreSQL', () => {
  test.skip(!TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set: no PostgreSQL to run two instances on');
  test.describe.configure({ timeout: 180_000 });
  const ownPage = ownPages();

  let two: TwoInstances | undefined;
  test.beforeAll(async () => {
    two = await startTwoInstances(TEST_DATABASE_URL as string);
  });
  test.afterAll(async () => two?.stop());

  test("an admin's assignment on one instance reaches the customer's and the engineer's pages on the other", async ({
    browser,
    playwright,
  }) => {
    const { one: adminSide, other: peopleSide } = two as TwoInstances;
    const request = await playwright.request.newContext({ baseURL: adminSide.url });
    try {
      await followAnAdminLive(request, {
        customer: await ownPage(browser, { baseURL: peopleSide.url }),
        engineer: await ownPage(browser, { baseURL: peopleSide.url }),
        admin: await ownPage(browser, { baseURL: adminSide.url }),
      });
    } finally {
      await request.dispose();
    }
    for (const instance of [adminSide, peopleSide]) expect(instance.log()).not.toMatch(/"level":(50|60)/);
  });
});
