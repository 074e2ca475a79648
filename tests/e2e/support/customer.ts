// Helpers for the customer dashboard browser tests: the dashboard, its booking form and the test
// checkout, and the customer's tickets as the API has them.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Ticket } from '../../../src/shared/contracts/tickets';
import { expect, loginInBrowser, signUpViaApi } from './fixtures';
import { auth, MAIN, SUB } from './staff';

export const bookingForm = (page: Page) => page.getByRole('form', { name: 'Book a New Ticket' });
export const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });
export const ticketItems = (page: Page) => page.getByRole('list', { name: 'My tickets' }).getByRole('listitem');
export const ticketCard = (page: Page, description: string) => ticketItems(page).filter({ hasText: description });

export function bookingFields(page: Page) {
  const f = bookingForm(page);
  return {
    main: f.getByLabel('Services Category'),
    sub: f.getByLabel('Issue Type'),
    description: f.getByLabel('Description'),
    book: f.getByRole('button', { name: 'Book Ticket' }),
    cancel: f.getByRole('button', { name: 'Cancel' }),
  };
}

/** Signs a customer up through the API and opens their dashboard in the browser. */
export async function openDashboard(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<{ name: string; phone: string }> = {},
) {
  const account = await signUpViaApi(request, overrides);
  await loginInBrowser(page, account.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${account.user.name}` })).toBeVisible();
  return account;
}

/** New Ticket → the form, with the categories loaded. */
export async function openBookingForm(page: Page) {
  await page.getByRole('button', { name: 'New Ticket' }).click();
  await expect(bookingForm(page)).toBeVisible();
  const f = bookingFields(page);
  await expect(f.main).toBeEnabled();
  await expect(f.main.getByRole('option', { name: MAIN })).toBeAttached();
  return f;
}

/** Opens the form, fills it validly and presses Book Ticket: the Test payment dialog opens. */
export async function bookUntilCheckout(page: Page, description: string) {
  const f = await openBookingForm(page);
  await f.main.selectOption({ label: MAIN });
  await expect(f.sub).toBeEnabled();
  await expect(f.sub.getByRole('option', { name: SUB })).toBeAttached();
  await f.sub.selectOption({ label: SUB });
  await f.description.fill(description);
  await f.book.click();
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function myTickets(request: APIRequestContext, token: string): Promise<Ticket[]> {
  const res = await request.get('/api/tickets', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tickets: Ticket[] }).tickets;
}
