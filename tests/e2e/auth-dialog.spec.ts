import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './support/fixtures';
import { loginButton, openLoginDialog, openSignupDialog, storedToken } from './support/auth';

// The login dialog itself: its two modes, its checks before any call to the server, its focus
// handling and its Google button. Signing in and out through it is auth-login-signup.spec.ts.

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

  test('the email typed in one mode is still there in the other; the password is not carried', async ({ page }) => {
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByLabel('Email').fill('asha@example.com');
    await login.getByLabel('Password').fill('secret-password');
    await login.getByRole('button', { name: 'Create Account' }).click();
    const signup = page.getByRole('dialog', { name: 'Create Account' });
    await expect(signup.getByLabel('Email')).toHaveValue('asha@example.com');
    await expect(signup.getByLabel('Password')).toHaveValue('');
    await signup.getByLabel('Email').fill('asha.rao@example.com');
    await signup.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' }).getByLabel('Email')).toHaveValue(
      'asha.rao@example.com',
    );
  });

  test('both modes of the dialog, with their error messages, have no a11y violations', async ({ page }) => {
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(login.getByRole('alert')).toHaveCount(2);
    await expectNoA11yViolations(page);

    await login.getByRole('button', { name: 'Create Account', exact: true }).click();
    const signup = page.getByRole('dialog', { name: 'Create Account' });
    await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(signup.getByRole('alert')).toHaveCount(4);
    await expectNoA11yViolations(page);
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
    // The email typed so far comes along; emptied, it is required here too.
    await expect(login.getByLabel('Email')).toHaveValue('meera@');
    await login.getByLabel('Email').fill('');
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(login.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(login.getByText('Password is required', { exact: true })).toBeVisible();

    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    expect(await storedToken(page)).toBeNull();
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
