// The customer's screens in the service loop (service-loop.spec.ts): signing up, booking and
// paying, and following the ticket to its completion.
import type { Page } from '@playwright/test';
import { loginButton } from '../auth';
import { checkout, ticketCard } from '../customer';
import { expect, expectToast } from '../fixtures';
import { MAIN, SERVICE, SUB } from '../staff';
import type { Loop } from './loop';

/** Pays in the Test payment dialog, after checking what it shows. */
async function payInCheckout(page: Page, amount: string, customer: { name: string; email: string; phone: string }) {
  const dialog = checkout(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(amount, { exact: true })).toBeVisible();
  await expect(dialog.getByText('RemoteFix', { exact: true })).toBeVisible();
  await expect(dialog.getByText(customer.name, { exact: true })).toBeVisible();
  await expect(dialog.getByText(customer.email, { exact: true })).toBeVisible();
  await expect(dialog.getByText(customer.phone, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export async function signUpThroughDialog({ customerPage: page, customer }: Loop) {
  await page.goto('/');
  await loginButton(page).click();
  await page
    .getByRole('dialog', { name: 'Welcome Back' })
    .getByRole('button', { name: 'Create Account', exact: true })
    .click();
  const signup = page.getByRole('dialog', { name: 'Create Account' });
  await expect(signup.getByLabel('Full Name')).toBeVisible();
  await signup.getByLabel('Full Name').fill(customer.name);
  await signup.getByLabel('Phone Number').fill(customer.phone);
  await signup.getByLabel('Email').fill(customer.email);
  await signup.getByLabel('Password').fill(customer.password);
  await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expectToast(page, 'Account created successfully!', 'success');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${customer.name}` })).toBeVisible();
}

export async function bookAndPayBookingFee({ customerPage: page, customer, description }: Loop) {
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const form = page.getByRole('form', { name: 'Book a New Ticket' });
  const main = form.getByLabel('Services Category');
  const sub = form.getByLabel('Issue Type');
  await expect(main.getByRole('option', { name: MAIN })).toBeAttached();
  await expect(sub).toBeDisabled();
  await main.selectOption({ label: MAIN });
  await expect(sub.getByRole('option', { name: SUB })).toBeAttached();
  await sub.selectOption({ label: SUB });
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Book Ticket' }).click();

  await payInCheckout(page, '₹99', customer);
  await expectToast(page, 'Ticket booked and payment successful!', 'success');
  await expect(form).toBeHidden();
  const card = ticketCard(page, description);
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: SERVICE })).toBeVisible();
  await expect(card.getByText('pending', { exact: true })).toBeVisible();
  // Nothing to pay yet, and no engineer.
  await expect(card.getByRole('button', { name: /Pay/ })).toHaveCount(0);
}

export async function payInProgressFee({ customerPage: page, customer, engineer, description }: Loop) {
  await page.reload();
  const card = ticketCard(page, description);
  await expect(card.getByText('in progress', { exact: true })).toBeVisible();
  await expect(card.getByText(`${engineer.name} is your engineer.`)).toBeVisible();
  // The contact details are withheld until the fee is paid.
  await expect(card.getByText(engineer.email)).toHaveCount(0);
  await expect(card.getByText(engineer.phone)).toHaveCount(0);

  await card.getByRole('button', { name: 'Pay ₹299 to Continue' }).click();
  await payInCheckout(page, '₹299', customer);
  await expectToast(page, 'Payment successful!', 'success');
  await expect(card.getByRole('button', { name: 'Pay ₹299 to Continue' })).toHaveCount(0);
  await expect(card.getByText(`Engineer: ${engineer.name}`)).toBeVisible();
  await expect(card.getByRole('link', { name: engineer.email })).toHaveAttribute('href', `mailto:${engineer.email}`);
  await expect(card.getByRole('link', { name: engineer.phone })).toBeVisible();

  // It stays paid across a reload.
  await page.reload();
  await expect(ticketCard(page, description).getByRole('link', { name: engineer.email })).toBeVisible();
  await expect(ticketCard(page, description).getByRole('button', { name: 'Pay ₹299 to Continue' })).toHaveCount(0);
}

export async function seeRemarksAndEngineer({ customerPage: page, engineer, description, remarks }: Loop) {
  await page.reload();
  const card = ticketCard(page, description);
  await expect(card.getByText('completed', { exact: true })).toBeVisible();
  await expect(card.getByText(remarks)).toBeVisible();
  await expect(card.getByText(`Engineer: ${engineer.name}`)).toBeVisible();
  await expect(card.getByRole('link', { name: engineer.email })).toBeVisible();
  await expect(card.getByRole('link', { name: engineer.phone })).toBeVisible();
  // Nothing left to pay or change: the one action is rating the repair.
  await expect(card.getByRole('button')).toHaveText(['Submit rating']);
}
