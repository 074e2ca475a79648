import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '../../src/shared/contracts/auth';
import {
  E2E_ADMIN,
  expect,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './support/fixtures';
import { header, loginButton, openLoginDialog, openSignupDialog, storedToken } from './support/auth';

// Signing up, logging in and out through the header and its dialog, and what the page does when
// the server refuses. The dialog's own behaviour (modes, validation, focus) is auth-dialog.spec.ts.

const logoutButton = (page: Page) => header(page).getByRole('button', { name: 'Logout' });

test.describe('login and signup', () => {
  test('signing up through the dialog creates the account and keeps you signed in across a reload', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    const dialog = await openSignupDialog(page);
    await dialog.getByLabel('Full Name').fill('Meera Iyer');
    await dialog.getByLabel('Phone Number').fill('+91 90000 12345');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('a-long-enough-password');
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();

    await expectToast(page, 'Account created successfully!', 'success');
    await expect(dialog).toBeHidden();
    await expect(header(page).getByText('Welcome Meera Iyer')).toBeVisible();
    await expect(logoutButton(page)).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);
    await expect(page).toHaveURL('/dashboard'); // a customer's home

    // The token is in local storage and really belongs to the new account.
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    const { user } = (await me.json()) as { user: User };
    expect(user).toMatchObject({ name: 'Meera Iyer', email, phone: '+91 90000 12345', role: 'user' });

    await page.reload();
    await expect(header(page).getByText('Welcome Meera Iyer')).toBeVisible();
    await expect(logoutButton(page)).toBeVisible();
    expect(await storedToken(page)).toBe(token);
  });

  test('Logout clears the session and returns to the home page', async ({ page, request }) => {
    const account = await signUpViaApi(request, { name: 'Arjun Nair' });
    await loginInBrowser(page, account.token);
    await page.goto('/about');
    await expect(header(page).getByText('Welcome Arjun Nair')).toBeVisible();

    await logoutButton(page).click();
    await expect(page).toHaveURL('/');
    await expect(loginButton(page)).toBeVisible();
    await expect(header(page).getByText(/Welcome/)).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();

    await page.reload();
    await expect(loginButton(page)).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test('logging in through the dialog signs you in', async ({ page, request }) => {
    const account = await signUpViaApi(request, { name: 'Kavya Menon' });
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByLabel('Email').fill(account.user.email.toUpperCase()); // emails are case-insensitive
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

    // The dashboard is another page load: the toast raised on / is carried over and shown there.
    await expect(page).toHaveURL('/dashboard');
    await expectToast(page, 'Logged in successfully!', 'success');
    // Below the header: it covers neither Welcome nor Logout. The toast slides in from above, so
    // its box is read until the enter animation has brought it to rest.
    const headerBox = (await header(page).boundingBox())!;
    await expect
      .poll(async () => (await toast(page, 'Logged in successfully!').boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    await expect(dialog).toBeHidden();
    await expect(header(page).getByText('Welcome Kavya Menon')).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });

  test('an admin who logs in lands on /admin', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
    await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Logged in successfully!', 'success');
    await expect(page).toHaveURL('/admin');
  });

  test.describe('refusals from the server', () => {
    test.use({
      allowConsoleErrors: /^Failed to load resource: (the server responded with a status of (401|409)|net::ERR_FAILED)/,
    });

    /** A new account, and the home page's login dialog after a wrong password for it ("Invalid credentials"). */
    async function refusedLogin(page: Page, request: APIRequestContext) {
      const account = await signUpViaApi(request);
      await page.goto('/');
      const dialog = await openLoginDialog(page);
      await dialog.getByLabel('Email').fill(account.user.email);
      await dialog.getByLabel('Password').fill(`${account.password}-wrong`);
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectToast(page, 'Invalid credentials', 'error');
      return { account, dialog };
    }

    test('a wrong password shows "Invalid credentials" and keeps the dialog open', async ({ page, request }) => {
      const { account, dialog } = await refusedLogin(page, request);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Email')).toHaveValue(account.user.email);
      expect(await storedToken(page)).toBeNull();
      await page.keyboard.press('Escape');
      await expect(loginButton(page)).toBeVisible();
      await expect(header(page).getByText(/Welcome/)).toHaveCount(0);
    });

    test('a refusal put right by the next attempt does not follow the login to the dashboard', async ({
      page,
      request,
    }) => {
      const { account, dialog } = await refusedLogin(page, request);
      await dialog.getByLabel('Password').fill(account.password);
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL('/dashboard');
      await expectToast(page, 'Logged in successfully!', 'success');
      // Counted once, not waited for (a carried toast would leave on its own timer): any toast in the
      // page, even one stacked out of sight behind the newest.
      expect(await page.locator('[data-sonner-toast]', { hasText: 'Invalid credentials' }).count()).toBe(0);
    });

    test('signing up with an email that is taken says so under the Email field', async ({ page, request }) => {
      const existing = await signUpViaApi(request);
      await page.goto('/');
      const dialog = await openSignupDialog(page);
      await dialog.getByLabel('Full Name').fill('Someone Else');
      await dialog.getByLabel('Phone Number').fill('+91 90000 54321');
      await dialog.getByLabel('Email').fill(existing.user.email);
      await dialog.getByLabel('Password').fill('another-password-1');
      const response = page.waitForResponse((r) => r.url().endsWith('/api/signup'));
      await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
      expect((await response).status()).toBe(409);

      // Under the field it is about, where it stays until it is changed (a toast went after 4 seconds).
      const email = dialog.getByLabel('Email');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription('An account with this email already exists');
      await expect(email).toBeFocused();
      await expect(toast(page, 'An account with this email already exists')).toHaveCount(0);
      await expect(dialog).toBeVisible();
      expect(await storedToken(page)).toBeNull();
    });

    test('a network failure while logging in shows "Network error"', async ({ page }) => {
      await page.route('**/api/login', (route) => route.abort('failed'));
      await page.goto('/');
      const dialog = await openLoginDialog(page);
      await dialog.getByLabel('Email').fill('nobody@example.com');
      await dialog.getByLabel('Password').fill('whatever-password');
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectToast(page, 'Network error', 'error');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    });
  });
});
