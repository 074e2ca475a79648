import type { Locator, Page } from '@playwright/test';
import { startWorkViaApi } from './support/completed-ticket';
import { bookingFields, openBookingForm, ticketCard, ticketItems } from './support/customer';
import { expect, loginInBrowser, signUpViaApi, test, uniqueEmail } from './support/fixtures';
import {
  adminToken,
  bookTicketViaApi,
  createEngineerViaApi,
  MAIN,
  openAdmin,
  revealTicketRow,
  runId,
  SUB,
} from './support/staff';
import { PAGE_SIZE } from '../../src/shared/contracts/tickets';

/** The tickets the dashboard shows before Load more. */
const PAGE = PAGE_SIZE.default;

/**
 * What customers really type (an address, a file path) and what networks really do (a page that
 * fails to load): the dashboard keeps its shape and what it already shows.
 */

const LONG_ADDRESS =
  'https://support.microsoft.com/en-us/office/outlook-crashes-or-stops-responding-5c62726c-6489-52da-a372-3f73142c14ad';
const LONG_PATH =
  'C:\\Users\\Aleksandra\\AppData\\Local\\Microsoft\\Outlook\\aleksandra.konstantinopoulou@example.com.ost';

test('on a phone, a ticket holding a long address or path wraps inside its card: no sideways scrolling', async ({
  page,
  request,
}) => {
  const description = `Outlook crashes ${runId()}. I followed ${LONG_ADDRESS} and also ${LONG_PATH}`;
  const { customer } = await bookTicketViaApi(request, description);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginInBrowser(page, customer.token);
  await page.goto('/dashboard');
  const card = ticketCard(page, 'Outlook crashes');
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

const LONG_NAME = 'Maximilian Alexander Wolfeschlegelsteinhausenberger-Venkataraghavan';

/** Whether the element's content is wider than the element (it scrolls or spills sideways). */
const spillsSideways = (element: Locator) => element.evaluate((el) => el.scrollWidth > el.clientWidth);

/**
 * A UI audit: between 1024 and 1280 px a signed-in header squeezed the logo into the navigation
 * ("RemoteFixDashboard") and broke "How It Works" over two lines.
 */
test('a signed-in header keeps one row from 1024 px: the logo, each link and the account controls', async ({
  page,
  request,
}) => {
  const customer = await signUpViaApi(request, { name: LONG_NAME });
  const expectOneRow = async (p: Page) => {
    const header = p.getByRole('banner');
    const logo = (await header.getByRole('link', { name: 'RemoteFix home' }).boundingBox())!;
    const links = header.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.height, `${await link.textContent()} on one line`).toBeLessThanOrEqual(40);
      expect(box.x).toBeGreaterThanOrEqual(logo.x + logo.width);
    }
    expect(await spillsSideways(header.locator('> div'))).toBe(false);
  };
  await loginInBrowser(page, customer.token);
  for (const width of [1024, 1100, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByText(/^Welcome /)).toBeVisible();
    await expectOneRow(page);
  }
  // Staff have one more control (Security).
  const admin = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1024, height: 800 } });
  await loginInBrowser(admin, await adminToken(request));
  await admin.goto('/account/security');
  await expect(admin.getByRole('banner').getByRole('link', { name: 'Security' })).toBeVisible();
  await expectOneRow(admin);
  await admin.close();
});

/**
 * A UI audit: at 1366 px, long names and emails in All Tickets squeezed the Service column to a word
 * a line ("Hardwar / e Diagnos / tics").
 */
test('All Tickets at 1366 px: long names and emails leave the service readable and no column cut off', async ({
  page,
  request,
}) => {
  const customer = await signUpViaApi(request, {
    name: LONG_NAME,
    email: uniqueEmail('averyveryverylongcustomeremailaddress.forwrapping'),
  });
  const engineer = await createEngineerViaApi(request, 'Anantharamakrishnan Venkatasubramanian Iyer');
  const description = `Wide row ${runId()}`;
  const { ticket } = await bookTicketViaApi(request, description, customer);
  await startWorkViaApi(request, ticket.id, engineer);

  await page.setViewportSize({ width: 1366, height: 768 });
  await openAdmin(page, request);
  const { panel, row } = await revealTicketRow(page, description);
  const service = (await row.getByRole('cell').first().boundingBox())!;
  expect(service.width).toBeGreaterThanOrEqual(180);
  await expect(row.getByRole('cell').last()).toContainText('Not paid');
  expect(await spillsSideways(panel.getByRole('table').locator('..'))).toBe(false);
});

test.describe('when a request fails', () => {
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test('a next page that fails keeps the tickets shown, says so, and loads on the next try', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const first = await bookTicketViaApi(request, `Paged ticket 0 ${runId()}`);
    // One more than a page, so there is a next page.
    for (let i = 1; i <= PAGE; i++) await bookTicketViaApi(request, `Paged ticket ${i} ${runId()}`, first.customer);
    await loginInBrowser(page, first.customer.token);
    await page.goto('/dashboard');
    await expect(ticketItems(page)).toHaveCount(PAGE);

    const nextPage = /\/api\/tickets\?.*cursor=/;
    await page.route(nextPage, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }),
    );
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We could not load more tickets' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(ticketItems(page)).toHaveCount(PAGE);

    await page.unroute(nextPage);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(ticketItems(page)).toHaveCount(PAGE + 1);
    await expect(page.getByRole('alert').filter({ hasText: 'We could not load more tickets' })).toHaveCount(0);
    await expect(ticketCard(page, first.ticket.description)).toBeVisible();
  });

  test("the booking form says when a category's issues cannot load, and Try again loads them", async ({
    page,
    request,
  }) => {
    const { customer } = await bookTicketViaApi(request, `Existing ticket ${runId()}`);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    const subServices = /\/api\/admin\/services\/[^/]+\/sub$/;
    await page.route(subServices, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }),
    );
    const f = await openBookingForm(page);
    await f.main.selectOption({ label: MAIN });
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the issues of this category.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });

    await page.unroute(subServices);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(bookingFields(page).sub.getByRole('option', { name: SUB })).toBeAttached();
    await expect(alert).toHaveCount(0);
  });
});
