// The header's Login button and the login dialog it opens, and the session token the page keeps,
// for the browser tests of signing in and out (auth-login-signup.spec.ts), of the dialog itself
// (auth-dialog.spec.ts), of ended sessions (session.spec.ts), the customer dashboard and the service loop;
// and the codes an authenticator app would show, for two-factor sign-in (two-factor.spec.ts,
// password-reset.spec.ts).
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect } from './fixtures';

export const header = (page: Page) => page.getByRole('banner');
export const loginButton = (page: Page) => header(page).getByRole('button', { name: 'Login' });
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** The two-factor code an authenticator app shows `steps` time steps (30 s) from now. */
export const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Opens the dialog from the header's Login button; it starts in Welcome Back (sign-in) mode. */
export async function openLoginDialog(page: Page) {
  await loginButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible(); // the lazily loaded form is in
  return dialog;
}

export async function openSignupDialog(page: Page) {
  const login = await openLoginDialog(page);
  await login.getByRole('button', { name: 'Create Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
  return dialog;
}
