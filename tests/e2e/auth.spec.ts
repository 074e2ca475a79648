import type { Page } from '@playwright/test';
import type { User } from '../../src/shared/contracts/auth';
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
} from './support/fixtures';

const header = (page: Page) => page.getByRole('banner');
const loginButton = (page: Page) => header(page).getByRole('button', { name: 'Login' });
const logoutButton = (page: Page) => header(page).getByRole('button', { name: 'Logout' });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Opens the dialog from the header's Login button; it starts in Welcome Back (sign-in) mode. */
async function openLoginDialog(page: Page) {
  await loginButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible(); // the lazily loaded form is in
  return dialog;
}

async function openSignupDialog(page: Page) {
  const login = await openLoginDialog(page);
  await login.getByRole('button', { name: 'Create Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
  return dialog;
}

/** Records the paths of the auth calls the page makes. */
function recordAuthCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/login' || path === '/api/signup') calls.push(path);
  });
  return calls;
}

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

  test('Start Remote Session opens the dialog in Create Account mode, and the toggle switches back', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Remote Session' }).click();
    const signup = page.getByRole('dialog', { name: 'Create Account' });
    await expect(signup).toBeVisible();
    await expect(signup.getByLabel('Full Name')).toBeVisible();
    await expect(signup.getByLabel('Phone Number')).toBeVisible();

    await signup.getByRole('button', { name: 'Sign In', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(login).toBeVisible();
    await expect(login.getByLabel('Full Name')).toHaveCount(0);
    await expect(login.getByLabel('Phone Number')).toHaveCount(0);
    await expect(login.getByLabel('Email')).toBeVisible();
    await expect(login.getByLabel('Password')).toBeVisible();
  });

  test('both modes of the dialog, with their error messages, have no serious a11y violations', async ({ page }) => {
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(login.getByRole('alert')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    await login.getByRole('button', { name: 'Create Account', exact: true }).click();
    const signup = page.getByRole('dialog', { name: 'Create Account' });
    await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(signup.getByRole('alert')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
  });

  test('signup and login validate empty fields without calling the server', async ({ page }) => {
    const calls = recordAuthCalls(page);
    await page.goto('/');
    const signup = await openSignupDialog(page);
    await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
    const messages = ['Name is required', 'Phone number is required', 'Email is required', 'Password is required'];
    for (const m of messages) await expect(signup.getByText(m, { exact: true })).toBeVisible();
    await expect(signup.getByRole('alert')).toHaveCount(messages.length);
    await expect(signup.getByLabel('Full Name')).toBeFocused();

    // Rules beyond "required": a real phone number, a real email, 8+ characters of password.
    await signup.getByLabel('Full Name').fill('Meera');
    await signup.getByLabel('Phone Number').fill('call me');
    await signup.getByLabel('Email').fill('meera@');
    await signup.getByLabel('Password').fill('short');
    await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(signup.getByText('Enter a valid phone number', { exact: true })).toBeVisible();
    await expect(signup.getByText('Enter a valid email address', { exact: true })).toBeVisible();
    await expect(signup.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await expect(signup.getByText('Name is required')).toHaveCount(0);

    await signup.getByRole('button', { name: 'Sign In', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(login.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(login.getByText('Password is required', { exact: true })).toBeVisible();

    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    expect(await storedToken(page)).toBeNull();
  });

  test.describe('refusals from the server', () => {
    test.use({
      allowConsoleErrors: /^Failed to load resource: (the server responded with a status of (401|409)|net::ERR_FAILED)/,
    });

    test('a wrong password shows "Invalid credentials" and keeps the dialog open', async ({ page, request }) => {
      const account = await signUpViaApi(request);
      await page.goto('/');
      const dialog = await openLoginDialog(page);
      await dialog.getByLabel('Email').fill(account.user.email);
      await dialog.getByLabel('Password').fill(`${account.password}-wrong`);
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

      await expectToast(page, 'Invalid credentials', 'error');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Email')).toHaveValue(account.user.email);
      expect(await storedToken(page)).toBeNull();
      await page.keyboard.press('Escape');
      await expect(loginButton(page)).toBeVisible();
      await expect(header(page).getByText(/Welcome/)).toHaveCount(0);
    });

    test('signing up with an email that is taken shows the server message', async ({ page, request }) => {
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

      await expectToast(page, 'An account with this email already exists', 'error');
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

  test('the dialog traps focus and closes on Escape, returning focus to Login', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

    expect(await focusInDialog()).toBe(true);
    const visited = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `focus left the dialog after ${i + 1} Tab presses`).toBe(true);
      visited.add(
        await page.evaluate(
          () =>
            document.activeElement?.textContent ||
            document.activeElement?.getAttribute('aria-label') ||
            document.activeElement?.id ||
            '',
        ),
      );
    }
    // It cycles through the dialog's controls rather than sticking on one.
    expect(visited.size).toBeGreaterThan(3);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(), `focus left the dialog after ${i + 1} Shift+Tab presses`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(loginButton(page)).toBeFocused();

    // The Close button closes it too.
    const again = await openLoginDialog(page);
    await again.getByRole('button', { name: 'Close' }).click();
    await expect(again).toBeHidden();
  });

  test('Sign in with Google sends the browser to /api/google/login', async ({ page }) => {
    // The endpoint redirects to Google; answer it here so the test stays offline.
    await page.route('**/api/google/login', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Google stub</title><p>Google</p>',
      }),
    );
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    const navigation = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/google/login');
    await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
    const req = await navigation;
    expect(req.isNavigationRequest()).toBe(true);
    expect(req.method()).toBe('GET');
    await expect(page).toHaveURL('/api/google/login');
    await expect(page).toHaveTitle('Google stub');
  });
});
