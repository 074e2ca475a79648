import type { APIRequestContext, Page } from '@playwright/test';
import {
  E2E_ADMIN,
  expect,
  expectNoA11yViolations,
  expectToast,
  signUpViaApi,
  test,
  uniqueEmail,
} from './support/fixtures';
import {
  adminToken,
  apiLogin,
  auth,
  bookTicketViaApi,
  createEngineerViaApi,
  openAdmin,
  openTab,
  reveal,
  runId,
  SERVICE,
} from './support/staff';
import { shownTime } from './support/times';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** True when the page itself cannot scroll sideways. */
const pageFitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('admin on a phone', () => {
  test.describe('database viewer', () => {
    test('a model with no records says "No records found"', async ({ page, request }) => {
      const empty = await emptyModel(request);
      if (!empty) {
        // Every model has records already (other spec files ran first on this server): answer one
        // model's records with an empty page, which is exactly what the server sends for an empty model.
        test.info().annotations.push({
          type: 'note',
          description: 'no model was empty; TicketEvent answered empty',
        });
        await page.route('**/api/prisma/TicketEvent?*', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
        );
      }
      const name = empty ?? 'TicketEvent';

      await openAdmin(page, request);
      await page.goto('/admin-prisma');
      const model = page.getByLabel('Model');
      await expect(model).toBeEnabled();
      await model.selectOption(name);
      await expect(page.getByText('No records found', { exact: true })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('region', { name: `${name} records` })).toHaveCount(0);

      // Another model, with records, replaces the message with its table.
      await model.selectOption('MainService');
      await expect(page.getByRole('table', { name: 'MainService records' })).toBeVisible();
      await expect(page.getByText('No records found')).toHaveCount(0);
      await expect(
        page
          .getByRole('table', { name: 'MainService records' })
          .getByRole('cell', { name: 'Hardware Diagnostics', exact: true }),
      ).toBeVisible();
      expect(await pageFitsWidth(page)).toBe(true);
    });

    test('the User table scrolls inside its own box, never the page, and shows no password hash', async ({
      page,
      request,
    }) => {
      // Hold the records back for a moment to see the Loading state.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/prisma/User?*', async (route) => {
        await held;
        await route.continue();
      });

      await openAdmin(page, request);
      await page.getByRole('link', { name: 'Database viewer' }).tap();
      await expect(page).toHaveURL('/admin-prisma');
      await expect(page.getByRole('heading', { level: 1, name: 'Database viewer' })).toBeVisible();
      const model = page.getByLabel('Model');
      await expect(model).toBeEnabled();
      await expect(model.getByRole('option', { name: 'User', exact: true })).toBeAttached();
      await expect(page.getByRole('table')).toHaveCount(0);

      await model.selectOption('User');
      await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
      release();

      const region = page.getByRole('region', { name: 'User records' });
      const table = region.getByRole('table', { name: 'User records' });
      await expect(table).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
      await expect(table.getByRole('cell', { name: E2E_ADMIN.email, exact: true })).toBeVisible();
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers).toEqual(expect.arrayContaining(['id', 'name', 'email', 'phone', 'role', 'createdAt']));
      expect(headers.filter((h) => /password|hash|google/i.test(h))).toEqual([]);

      // The table is wider than the phone; its box scrolls, the page does not.
      const box = await region.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        overflowX: getComputedStyle(el).overflowX,
      }));
      expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
      expect(box.overflowX).toBe('auto');
      expect(await pageFitsWidth(page)).toBe(true);
      await region.evaluate((el) => el.scrollBy(200, 0));
      expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
      expect(await pageFitsWidth(page)).toBe(true);

      // No password hash anywhere: not in the page, and not in what the server sent.
      const html = await page.content();
      expect(html).not.toContain('$argon2');
      expect(html).not.toContain('passwordHash');
      const records = await request.get('/api/prisma/User?limit=500', {
        headers: auth(await adminToken(request)),
      });
      expect(records.status()).toBe(200);
      const body = await records.text();
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/password/i);

      await expectNoA11yViolations(page);
    });
  });

  test('a long email address stays inside the All Users dialogs that name it', async ({ page, request }) => {
    const run = runId();
    const customer = await signUpViaApi(request, {
      name: `Long Address ${run}`,
      email: uniqueEmail(`averylongaddressatacompany${run}`),
    });
    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    await panel.getByRole('searchbox', { name: 'Search' }).fill(customer.user.email);
    const card = panel.getByRole('list', { name: 'All users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    for (const [button, dialogName] of [
      [`Change role of Long Address ${run}`, `Change the role of Long Address ${run}`],
      [`Suspend Long Address ${run}`, `Suspend Long Address ${run}?`],
    ]) {
      await card.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toContainText(customer.user.email.slice(0, 30));
      const fits = await dialog.evaluate((el) =>
        [el, ...el.querySelectorAll('p')].every((part) => part.scrollWidth <= part.clientWidth),
      );
      expect(fits, `${dialogName}: nothing runs past the dialog's edge`).toBe(true);
      expect(await pageFitsWidth(page)).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('All Tickets shows cards with every field, and their Assign and Update controls work', async ({
    page,
    request,
  }) => {
    const run = runId();
    const description = `Phone card check: the fan never stops (${run}).`;
    const { ticket, customer } = await bookTicketViaApi(request, description);
    const engineer = await createEngineerViaApi(request, `Mobile Engineer ${run}`);

    await openAdmin(page, request);
    const panel = page.getByRole('tabpanel', { name: 'All Tickets' });
    const card = panel.getByRole('listitem').filter({ hasText: description });
    await reveal(panel, card);

    // Cards, and no table in the page, not even a hidden one (a long list would hold both).
    await expect(page.locator('table')).toHaveCount(0);
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    expect(await pageFitsWidth(page)).toBe(true);

    // The table's fields: service (and description), created at, user, status, engineer, actions.
    await expect(card.getByText(SERVICE, { exact: true })).toBeVisible();
    await expect(card.getByText(description, { exact: true })).toBeVisible();
    // Created at, formatted in the browser's own time zone as the app does.
    const createdAt = await shownTime(page, ticket.createdAt);
    await expect(card.getByText(createdAt, { exact: true })).toBeVisible();
    // The status badge comes first; the status select's options follow it.
    const badge = (status: string) => card.getByText(status, { exact: true }).first();
    await expect(badge('pending')).toBeVisible();
    const user = card.getByRole('definition').first();
    await expect(card.getByRole('term')).toHaveText(['User', 'Engineer', 'In-progress fee']);
    await expect(user).toContainText(customer.user.name);
    await expect(user).toContainText(customer.user.email);
    await expect(user).toContainText(customer.user.phone);
    const assignedTo = card.getByRole('definition').nth(1);
    await expect(assignedTo).toHaveText('Unassigned');
    await expect(card.getByText('Remarks:')).toHaveCount(0);
    await expect(card.getByRole('button', { name: `History of ticket ${SERVICE}` })).toBeVisible();
    await expectNoA11yViolations(page);

    // Assign.
    const pick = card.getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` });
    const assign = card.getByRole('button', { name: 'Assign' });
    await expect(pick).toBeVisible();
    await expect(assign).toBeDisabled();
    await pick.selectOption({ label: engineer.user.name });
    await assign.tap();
    await expectToast(page, `Assigned to ${engineer.user.name}`, 'success');
    await expect(pick).toHaveCount(0);
    await expect(assign).toHaveCount(0);
    await expect(assignedTo).toContainText(engineer.user.name);
    await expect(assignedTo).toContainText(engineer.user.email);

    // Update the status.
    const status = card.getByRole('combobox', { name: `Status of ticket ${SERVICE}` });
    const update = card.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await status.selectOption('in-progress');
    await expect(update).toBeEnabled();
    await update.tap();
    await expectToast(page, 'Status updated to In Progress', 'success');
    await expect(badge('in progress')).toBeVisible();
    await expect(update).toBeDisabled();

    // The engineer completes it (through the API); the card then shows the remarks and no actions.
    const engineerLogin = await apiLogin(request, engineer.user.email, engineer.password);
    const remarks = `Cleaned the heatsink and renewed the thermal paste (${run}).`;
    const done = await request.patch(`/api/tickets/${ticket.id}/complete`, {
      headers: auth(engineerLogin.token),
      data: { remarks },
    });
    expect(done.status(), await done.text()).toBe(200);
    await page.reload();
    await reveal(panel, card);
    await expect(badge('completed')).toBeVisible();
    await expect(card.getByText(`Remarks: ${remarks}`)).toBeVisible();
    await expect(card.getByText('No actions')).toBeVisible();
    await expect(card.getByRole('combobox')).toHaveCount(0);
    await expect(page.locator('table')).toHaveCount(0);
    expect(await pageFitsWidth(page)).toBe(true);

    // Turned to a desktop's width: the table in place of the cards, and back.
    await page.setViewportSize({ width: 1366, height: 844 });
    await expect(panel.getByRole('row').filter({ hasText: description })).toContainText(remarks);
    await expect(panel.locator('li[data-page-item]')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByText(`Remarks: ${remarks}`)).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
  });
});

/** The first model the viewer offers that has no records yet on this server, if any. */
async function emptyModel(request: APIRequestContext): Promise<string | undefined> {
  const headers = auth(await adminToken(request));
  const models = (await (await request.get('/api/prisma', { headers })).json()) as string[];
  // The ones a fresh database leaves empty (User has the superadmin, MainService the seeded catalogue).
  for (const name of ['ContactRequest', 'Payment', 'TicketEvent', 'Ticket'].filter((m) => models.includes(m))) {
    const res = await request.get(`/api/prisma/${name}?limit=1`, { headers });
    expect(res.status()).toBe(200);
    if (((await res.json()) as unknown[]).length === 0) return name;
  }
  return undefined;
}

// An audit turned a phone mid-list: the cards' code arrived only then, and the list gave way to a
// loading state, taking the scroll with it. A screen that can be narrower than the admin breakpoint
// has them ready; a desktop never loads them.
test.describe('All Tickets on a phone held sideways', () => {
  const cardsChunk = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/ticket-cards-[^/]*\.js$/.test(new URL(r.url()).pathname)) asked.push(r.url());
    });
    return asked;
  };

  test.describe('sideways', () => {
    test.use({ viewport: { width: 844, height: 390 }, screen: { width: 390, height: 844 } });

    test('shows the table, with the cards ready for when it is turned upright', async ({ page, request }) => {
      const asked = cardsChunk(page);
      await openAdmin(page, request);
      await expect(page.getByRole('table')).toBeVisible();
      await expect.poll(() => asked.length).toBe(1);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(
        page.getByRole('tabpanel', { name: 'All Tickets' }).locator('li[data-page-item]').first(),
      ).toBeVisible();
      await expect(page.locator('table')).toHaveCount(0);
    });
  });

  test.describe('on a desktop', () => {
    test.use({
      viewport: { width: 1366, height: 900 },
      screen: { width: 1366, height: 900 },
      isMobile: false,
      hasTouch: false,
    });

    test('never loads the cards', async ({ page, request }) => {
      const asked = cardsChunk(page);
      await openAdmin(page, request);
      await expect(page.getByRole('table')).toBeVisible();
      await page.waitForTimeout(1_000);
      expect(asked).toEqual([]);
    });
  });
});
