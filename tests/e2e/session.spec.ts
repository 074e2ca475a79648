import { loginButton, storedToken } from './support/auth';
import { expect, expectToast, loginInBrowser, signUpViaApi, test } from './support/fixtures';

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

    // The server stops accepting the token (as after a password reset elsewhere); the page does not know yet.
    await page.evaluate((t) => localStorage.setItem('token', t), refusedToken(customer.token));
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
