import {
  CODE_LOAD_FAILURE_LOGS,
  expect,
  expectNoA11yViolations,
  loginInBrowser,
  signUpViaApi,
  test,
} from './support/fixtures';
import { adminToken, openAdmin } from './support/staff';

/**
 * A page whose code cannot load (the connection dropped, or a deploy replaced the files an open tab
 * asks for) says so and offers a reload, instead of a blank page or the router's stack of errors.
 */
test.describe('when a page cannot load its code', () => {
  test.use({ allowConsoleErrors: CODE_LOAD_FAILURE_LOGS });

  test('the admin dashboard says so beside its header, and Reload brings it once the code loads', async ({
    page,
    request,
  }) => {
    const chunk = '**/assets/admin-dashboard-*.js';
    await page.route(chunk, (route) => route.abort());
    await loginInBrowser(page, await adminToken(request));
    await page.goto('/admin');

    const alert = page.getByRole('alert').filter({ hasText: 'This page could not load' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Check your connection');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not load');
    await expectNoA11yViolations(page);

    await page.unroute(chunk);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a link followed from the dashboard says so in the site layout, and the header still works', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${customer.user.name}`);

    await page.route('**/assets/about-page-*.js', (route) => route.abort());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not load' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await nav.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL('/service');
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an admin tab whose code cannot load says so in its panel; the page and the other tabs still work', async ({
    page,
    request,
  }) => {
    const chunk = '**/assets/users-tab-*.js';
    await page.route(chunk, (route) => route.abort());
    await openAdmin(page, request);
    await page.getByRole('tab', { name: 'All Users' }).click();
    const alert = page.getByRole('tabpanel', { name: 'All Users' }).getByRole('alert');
    await expect(alert).toContainText('This part of the page could not load');
    await expect(alert).toContainText('Check your connection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin dashboard');
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: 'All Tickets' }).click();
    await expect(page.getByRole('tabpanel', { name: 'All Tickets' }).getByLabel('Filter by status')).toBeVisible();

    await page.unroute(chunk);
    await page.getByRole('tab', { name: 'All Users' }).click();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'All Users' }).getByRole('button', { name: /New User/ }),
    ).toBeVisible();
  });

  test('a form whose code cannot load says so where it would open, and the tickets stay', async ({ page, request }) => {
    const customer = await signUpViaApi(request);
    await page.route('**/assets/book-ticket-form-*.js', (route) => route.abort());
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const alert = page.getByRole('tabpanel', { name: 'My Tickets' }).getByRole('alert');
    await expect(alert).toContainText('This part of the page could not load');
    await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('an app page whose first script never arrives says so after a while, not a blank page', async ({ page }) => {
    await page.route('**/assets/app-*.js', (route) => route.abort());
    await page.goto('/dashboard');
    const note = page.getByText('This page is taking longer than it should to load');
    await expect(note).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Reload the page' })).toBeVisible();
  });
});

/**
 * A page that throws while rendering (here: the server answers a shape the page does not expect)
 * says so inside its layout, names where to write, and keeps the session and header usable.
 */
test.describe('when a page throws while rendering', () => {
  test.use({ allowConsoleErrors: /Cannot read properties of null|The above error occurred/ });

  test('the dashboard shows "Something went wrong" with the support address, and Reload recovers', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request);
    const tickets = '**/api/tickets?*';
    await page.route(tickets, (route) => route.fulfill({ json: { tickets: [null], nextCursor: null } }));
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');

    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('support@remotefix.in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.unroute(tickets);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${customer.user.name}`);
    await expect(alert).toHaveCount(0);
  });
});
