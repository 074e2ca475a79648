// The admin's screens in the service loop (service-loop.spec.ts): logging in, creating the
// engineer, assigning and moving the ticket, and reading what happened to it.
import type { Locator, Page } from '@playwright/test';
import { header } from '../auth';
import { E2E_ADMIN, expect, expectToast } from '../fixtures';
import { SERVICE } from '../staff';
import { logInThroughDialog, type Loop } from './loop';

const COLUMNS = ['Service', 'Created At', 'User', 'Status', 'Remarks', 'Engineer', 'Actions', '₹299 paid'];

/** One cell of an admin ticket row, by its column header. */
const cell = (row: Locator, column: (typeof COLUMNS)[number]) => row.getByRole('cell').nth(COLUMNS.indexOf(column));
/** The admin's table row for the ticket. */
const ticketRow = (page: Page, description: string) => page.getByRole('row').filter({ hasText: description });

export async function logInAsAdmin({ adminPage }: Loop) {
  await logInThroughDialog(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL('/admin');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  const banner = header(adminPage);
  await expect(banner.getByRole('link')).toHaveCount(1);
  await expect(banner.getByRole('link', { name: 'RemoteFix home' })).toBeVisible();
  await expect(banner.getByRole('button')).toHaveCount(1);
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(adminPage.getByRole('navigation')).toHaveCount(0);
  await expect(adminPage.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await expect(adminPage.getByRole('link', { name: 'Call Now' })).toHaveCount(0);
  await expect(adminPage.getByRole('contentinfo')).toHaveCount(0); // no site footer either
}

export async function createEngineer({ adminPage, engineer }: Loop) {
  await adminPage.getByRole('tab', { name: 'All Users' }).click();
  await adminPage.getByRole('button', { name: '+ New User' }).click();
  const form = adminPage.getByRole('form', { name: 'New User' });
  await form.getByLabel('Name').fill(engineer.name);
  await form.getByLabel('Email').fill(engineer.email);
  await form.getByLabel('Phone').fill(engineer.phone);
  await form.getByLabel('Password').fill(engineer.password);
  await form.getByLabel('Role').selectOption('engineer');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expectToast(adminPage, 'User created successfully!', 'success');
  await expect(form).toBeHidden();
  const card = adminPage
    .getByRole('list', { name: 'All users' })
    .getByRole('listitem')
    .filter({ hasText: engineer.email });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: engineer.name })).toBeVisible();
  await expect(card.getByText('engineer', { exact: true })).toBeVisible();
  await expect(card.getByText(engineer.phone)).toBeVisible();
}

export async function assignEngineer({ adminPage, customer, engineer, description }: Loop) {
  await adminPage.getByRole('tab', { name: 'All Tickets' }).click();
  await expect(adminPage.getByRole('columnheader')).toHaveText(COLUMNS);
  const row = ticketRow(adminPage, description);
  await expect(row).toHaveCount(1);
  await expect(cell(row, 'Service')).toContainText(SERVICE);
  await expect(cell(row, 'User')).toContainText(customer.name);
  await expect(cell(row, 'User')).toContainText(customer.email);
  await expect(cell(row, 'User')).toContainText(customer.phone);
  await expect(cell(row, 'Status')).toHaveText('pending');
  await expect(cell(row, 'Remarks')).toHaveText('—');
  await expect(cell(row, 'Engineer')).toHaveText('Unassigned');

  const pick = row.getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` });
  const assign = row.getByRole('button', { name: 'Assign' });
  await expect(assign).toBeDisabled(); // nobody picked yet
  await expect(pick.getByRole('option', { name: engineer.name })).toBeAttached();
  await pick.selectOption({ label: engineer.name });
  await expect(assign).toBeEnabled();
  await assign.click();

  await expectToast(adminPage, `Assigned to ${engineer.name}`, 'success');
  await expect(pick).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Assign' })).toHaveCount(0);
  await expect(cell(row, 'Engineer')).not.toContainText('Unassigned');
  await expect(cell(row, 'Engineer')).toContainText(engineer.name);
  await expect(cell(row, 'Engineer')).toContainText(engineer.email);
  await expect(cell(row, 'Engineer')).toContainText(engineer.phone);
  await expect(cell(row, 'Status')).toHaveText('pending'); // assigning alone does not start the work
}

export async function setInProgress({ adminPage, description }: Loop) {
  const row = ticketRow(adminPage, description);
  const status = row.getByRole('combobox', { name: `Status of ticket ${SERVICE}` });
  const update = row.getByRole('button', { name: 'Update' });
  await expect(status).toHaveValue('pending');
  await expect(update).toBeDisabled();
  await status.selectOption('in-progress');
  await expect(update).toBeEnabled();
  await status.selectOption('pending'); // back to the current value: nothing to update
  await expect(update).toBeDisabled();
  await status.selectOption('in-progress');
  await update.click();

  await expectToast(adminPage, 'Status updated to In Progress', 'success');
  await expect(cell(row, 'Status')).toHaveText('in progress');
  await expect(status).toHaveValue('in-progress');
  await expect(update).toBeDisabled();
}

export async function seeCompletedTicket({ adminPage, engineer, description, remarks }: Loop) {
  await adminPage.reload();
  await expect(adminPage).toHaveURL('/admin');
  const row = ticketRow(adminPage, description);
  await expect(cell(row, 'Status')).toHaveText('completed');
  await expect(cell(row, 'Remarks')).toHaveText(remarks);
  await expect(cell(row, 'Engineer')).toContainText(engineer.email);
  await expect(cell(row, 'Actions')).toContainText('No actions');
  await expect(row.getByRole('combobox')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Assign' })).toHaveCount(0);
}

export async function readHistory({ adminPage, customer, engineer, description, remarks }: Loop) {
  const row = ticketRow(adminPage, description);
  await row.getByRole('button', { name: `History of ticket ${SERVICE}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Ticket history' });
  await expect(dialog).toBeVisible();
  // The history's own list (the dialog also lists the ticket's receipts).
  const steps = dialog.locator('ol').getByRole('listitem');
  // Each step's first line is its kind, in the order they happened.
  // The test checkout captures the payment (like Razorpay's webhook), which makes the ticket;
  // the page's /verify then checks the signature.
  const kinds = [
    'Payment order opened', // booking fee
    'Payment captured',
    'Ticket created',
    'Payment verified',
    'Engineer assigned',
    'Status changed',
    'Payment order opened', // in-progress fee
    'Payment captured',
    'Payment verified',
    'Completed',
  ];
  await expect(steps).toHaveCount(kinds.length);
  for (const [i, kind] of kinds.entries()) await expect(steps.nth(i).locator('p').first()).toHaveText(kind);

  const step = (kind: string) => steps.filter({ has: adminPage.getByText(kind, { exact: true }) });
  await expect(step('Ticket created')).toContainText(`${customer.name} (Customer)`);
  await expect(step('Engineer assigned')).toContainText(engineer.name);
  await expect(step('Engineer assigned')).toContainText('E2E Admin (Admin)');
  await expect(step('Status changed')).toContainText('Pending → In Progress');
  await expect(step('Status changed')).toContainText('E2E Admin (Admin)');
  await expect(step('Payment captured').first()).toContainText('Booking fee ₹99');
  await expect(step('Payment captured').first()).toContainText('System');
  await expect(step('Payment verified').first()).toContainText('Booking fee ₹99');
  await expect(step('Payment verified').first()).toContainText(`${customer.name} (Customer)`);
  await expect(step('Payment order opened').last()).toContainText('In-progress fee ₹299');
  await expect(step('Payment verified').last()).toContainText('In-progress fee ₹299');
  await expect(step('Completed')).toContainText(remarks);
  await expect(step('Completed')).toContainText(`${engineer.name} (Engineer)`);

  await adminPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
