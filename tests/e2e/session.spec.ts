import { loginButton, openLoginDialog, storedToken } from './support/auth';
import { openDashboard, ticketItems } from './support/customer';
import { expect, expectToast, loginInBrowser, signUpViaApi, test, toast } from './support/fixtures';
import { adminToken, bookTicketViaApi, runId } from './support/staff';

/** A token the server refuses, as it refuses one whose session ended (signature no longer matches). */
const refusedToken = (token: string) => `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;

const SESSION_ENDED = 'Your session has ended. Please log in again.';

test.describe('a session the server no longer accepts', () => {
  test.use({ allowConsoleErrors: /Failed to load resource: the server responded with a status of 401/ });

  test('ending while the dashboard is open: the next call signs the customer out and says why', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request, { name: 'Rohan Das' });
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Rohan Das');

    // The server stops accepting the token (as after a password reset elsewhere); the page does not
    // know yet, and the next call it makes, the save, is refused.
    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Invalid token' }) }),
    );
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('form', { name: 'Edit profile' }).getByLabel('Name').fill('Rohan Das Jr');
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, SESSION_ENDED, 'info');
    await expect(page).toHaveURL('/');
    await expect(loginButton(page)).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    // Said once: the profile form adds no error of its own about the refused save.
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toHaveCount(1);
  });

  test('ended before the visit: the home page signs out and says why', async ({ page, request }) => {
    const customer = await signUpViaApi(request);
    await loginInBrowser(page, refusedToken(customer.token));
    await page.goto('/');
    await expectToast(page, SESSION_ENDED, 'info');
    await expect(loginButton(page)).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('an account that cannot be loaded for a moment', () => {
  test.use({ allowConsoleErrors: /Failed to load resource: the server responded with a status of 503/ });

  test('the dashboard says so and keeps the session; Try again loads it', async ({ page, request }) => {
    const customer = await signUpViaApi(request, { name: 'Nisha Pillai' });
    await loginInBrowser(page, customer.token);
    await page.route('**/api/me', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service unavailable, try again shortly' }),
      }),
    );
    await page.goto('/dashboard');

    const alert = page.getByRole('alert').filter({ hasText: 'We could not load your account' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    expect(await storedToken(page)).toBe(customer.token);
    // Still signed in: the header offers Logout, not Login.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);

    await page.unroute('**/api/me');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Nisha Pillai');
  });
});

test.describe('two tabs of one browser', () => {
  test('after another tab logs out and signs in as someone else, the dashboard shows only their tickets', async ({
    page,
    context,
    request,
  }) => {
    const run = runId();
    const { ticket, customer: alice } = await bookTicketViaApi(request, `Alice's private ticket (${run}).`);
    const bob = await signUpViaApi(request, { name: `Bob ${run}` });

    // Alice's tab: her dashboard with her ticket.
    await loginInBrowser(page, alice.token);
    await page.goto('/dashboard');
    await expect(ticketItems(page).filter({ hasText: ticket.description })).toBeVisible();

    // A second tab of the same browser: Logout, then Bob signs in.
    const other = await context.newPage();
    await other.goto('/dashboard');
    await other.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(other).toHaveURL('/');
    const dialog = await openLoginDialog(other);
    await dialog.getByLabel('Email').fill(bob.user.email);
    await dialog.getByLabel('Password').fill(bob.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(other).toHaveURL('/dashboard');

    // Back in the first tab, which followed the logout home and now greets Bob: his dashboard.
    await page.bringToFront();
    await expect(page.getByRole('banner').getByText(`Welcome Bob ${run}`)).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Hello, Bob ${run}` })).toBeVisible();
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await expect(page.getByText(ticket.description)).toHaveCount(0);
  });

  // A black-box audit: Logout only cleared the browser's copy, and a copy of the token taken before
  // kept working for the rest of its 7 days. The server now ends the session too.
  test('Logout ends the session on the server: a copy of the token is refused afterwards', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request, { name: `Copied ${runId()}` });
    const me = () => request.get('/api/me', { headers: { authorization: `Bearer ${customer.token}` } });
    expect((await me()).status()).toBe(200);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    expect((await loggedOut).status()).toBe(200);
    expect(await storedToken(page)).toBeNull();
    expect((await me()).status()).toBe(401);
  });

  test('clearing the site data in another tab signs the dashboard out, as a Logout there does', async ({
    page,
    context,
    request,
  }) => {
    await openDashboard(page, request, { name: 'Cleared Elsewhere' });

    const other = await context.newPage();
    await other.goto('/about');
    await other.evaluate(() => localStorage.clear());

    await page.bringToFront();
    await expect(page).toHaveURL('/');
    await expect(loginButton(page)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Welcome Cleared Elsewhere')).toHaveCount(0);
  });
});

test.describe('a session that is gone while a page is open', () => {
  test.use({ allowConsoleErrors: /Failed to load resource: the server responded with a status of 401/ });

  test('storage cleared under the dashboard: Save signs out once and says why, not "Please log in to continue"', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request, { name: 'Storage Cleared' });

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Name').fill('Storage Cleared Again');
    // Site data cleared (browser settings, an extension) while the form is open: the page is not told.
    await page.evaluate(() => localStorage.clear());
    await form.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, SESSION_ENDED, 'info');
    await expect(page).toHaveURL('/');
    await expect(loginButton(page)).toBeVisible();
    await expect(toast(page, 'Please log in to continue')).toHaveCount(0);
  });

  test('database viewer: a model read with an ended session signs the admin out and says why', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    await loginInBrowser(page, token);
    await page.goto('/admin-prisma');
    await expect(page.getByRole('heading', { level: 1, name: 'Database viewer' })).toBeVisible();
    await expect(page.getByLabel('Model')).toBeEnabled();

    // The server stops accepting the token (as after a password reset elsewhere); the page does not know yet.
    await page.evaluate((t) => localStorage.setItem('token', t), refusedToken(token));
    await page.getByLabel('Model').selectOption('User');

    await expectToast(page, SESSION_ENDED, 'info');
    await expect(page).toHaveURL('/');
    await expect(loginButton(page)).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});
