// What the steps of the service loop (service-loop.spec.ts) share: the people and their pages,
// and logging in through the header's dialog.
import type { Page } from '@playwright/test';
import { loginButton } from '../auth';
import { expect, expectToast } from '../fixtures';

export interface Person {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** The journey's data, and each person's page: separate browser contexts, so separate sessions. */
export interface Loop {
  customer: Person;
  engineer: Person;
  description: string;
  remarks: string;
  customerPage: Page;
  adminPage: Page;
  engineerPage: Page;
}

/** Header Login → Welcome Back dialog → Sign In. */
export async function logInThroughDialog(page: Page, email: string, password: string) {
  await page.goto('/');
  await loginButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Logged in successfully!', 'success');
  await expect(dialog).toBeHidden();
}
