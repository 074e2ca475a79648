import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN, expect, expectToast, test, uniqueEmail } from './support/fixtures';
import { MAIN, runId, SERVICE, SUB, watchErrors } from './support/staff';

// The whole service loop through the browser only: no API shortcuts. Three people, three
// separate browser contexts (separate local storage, so separate sessions).

const COLUMNS = ['Service', 'Created At', 'User', 'Status', 'Remarks', 'Engineer', 'Actions'];

const header = (page: Page) => page.getByRole('banner');
/** One cell of an admin ticket row, by its column header. */
const cell = (row: Locator, column: (typeof COLUMNS)[number]) => row.getByRole('cell').nth(COLUMNS.indexOf(column));
const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });

/** Header Login → Welcome Back dialog → Sign In. */
async function logInThroughDialog(page: Page, email: string, password: string) {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Logged in successfully!', 'success');
  await expect(dialog).toBeHidden();
}

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

test('a ticket goes from booking to completion through the customer, admin and engineer screens', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = runId();
  const customer = {
    name: `Anita Desai ${run}`,
    email: uniqueEmail('loop-customer'),
    phone: '+91 98111 22334',
    password: 'customer-password-1',
  };
  const engineer = {
    name: `Vikram Rao ${run}`,
    email: uniqueEmail('loop-engineer'),
    phone: '+91 97222 33445',
    password: 'engineer-password-1',
  };
  const description = `Laptop stays dark after the power button (${run}).`;
  const remarks = `Reseated the RAM and replaced the CMOS battery; boots fine now (${run}).`;

  const problems: string[] = [];
  const adminContext = await browser.newContext();
  const engineerContext = await browser.newContext();
  watchErrors(adminContext, problems);
  watchErrors(engineerContext, problems);
  const adminPage = await adminContext.newPage();
  const engineerPage = await engineerContext.newPage();

  // The customer's ticket card, and the admin's table row for the ticket.
  const customerCard = () =>
    page.getByRole('list', { name: 'My tickets' }).getByRole('listitem').filter({ hasText: description });
  const adminRow = () => adminPage.getByRole('row').filter({ hasText: description });

  await test.step('the customer signs up through the dialog', async () => {
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Login' }).click();
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
  });

  await test.step('the customer books a ticket and pays the ₹99 booking fee', async () => {
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
    const card = customerCard();
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: SERVICE })).toBeVisible();
    await expect(card.getByText('pending', { exact: true })).toBeVisible();
    // Nothing to pay yet, and no engineer.
    await expect(card.getByRole('button', { name: /Pay/ })).toHaveCount(0);
  });

  await test.step('the admin logs in and lands on /admin with the admin header', async () => {
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
  });

  await test.step('the admin creates the engineer under All Users', async () => {
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
  });

  await test.step('the admin assigns the engineer on All Tickets', async () => {
    await adminPage.getByRole('tab', { name: 'All Tickets' }).click();
    await expect(adminPage.getByRole('columnheader')).toHaveText(COLUMNS);
    const row = adminRow();
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
  });

  await test.step('the admin sets the ticket in progress', async () => {
    const row = adminRow();
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

    await expectToast(adminPage, 'Status updated to in progress', 'success');
    await expect(cell(row, 'Status')).toHaveText('in progress');
    await expect(status).toHaveValue('in-progress');
    await expect(update).toBeDisabled();
  });

  await test.step('the customer pays ₹299 to continue and sees the engineer', async () => {
    await page.reload();
    const card = customerCard();
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
    await expect(customerCard().getByRole('link', { name: engineer.email })).toBeVisible();
    await expect(customerCard().getByRole('button', { name: 'Pay ₹299 to Continue' })).toHaveCount(0);
  });

  await test.step('the engineer logs in, sees the ticket and the customer, and completes it', async () => {
    await logInThroughDialog(engineerPage, engineer.email, engineer.password);
    await expect(engineerPage).toHaveURL('/dashboard');
    await expect(
      engineerPage.getByRole('heading', { level: 1, name: `Welcome, ${engineer.name} (Engineer)` }),
    ).toBeVisible();
    await expect(engineerPage.getByRole('heading', { level: 2, name: 'Your assigned tickets' })).toBeVisible();

    const assigned = engineerPage.getByRole('main').getByRole('listitem');
    const card = assigned.filter({ hasText: description });
    await expect(card).toHaveCount(1);
    await expect(assigned).toHaveCount(1); // only what is assigned to this engineer
    await expect(card.getByRole('heading', { name: SERVICE })).toBeVisible();
    await expect(card.getByText('in progress', { exact: true })).toBeVisible();
    await expect(card.getByText(customer.name, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: customer.email })).toHaveAttribute('href', `mailto:${customer.email}`);
    await expect(card.getByRole('link', { name: customer.phone })).toBeVisible();

    await card.getByRole('button', { name: 'Complete Ticket' }).click();
    const remarksBox = card.getByRole('textbox', { name: 'Remarks' });
    await expect(remarksBox).toBeFocused();
    await card.getByRole('button', { name: 'Submit & Complete' }).click();
    await expectToast(engineerPage, 'Please enter remarks before completing the ticket.', 'error');
    await expect(remarksBox).toHaveAccessibleDescription('Please enter remarks before completing the ticket.');
    await expect(card.getByText('in progress', { exact: true })).toBeVisible();

    // Whitespace only is blank too.
    await remarksBox.fill('   ');
    await card.getByRole('button', { name: 'Submit & Complete' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please enter remarks before completing the ticket.');
    await expect(card.getByText('in progress', { exact: true })).toBeVisible();

    await remarksBox.fill(remarks);
    await card.getByRole('button', { name: 'Submit & Complete' }).click();
    await expectToast(engineerPage, 'Ticket marked as completed!', 'success');
    await expect(card.getByText('completed', { exact: true })).toBeVisible();
    await expect(card.getByText(remarks)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Complete Ticket' })).toHaveCount(0);
  });

  await test.step('the customer sees the remarks and the engineer', async () => {
    await page.reload();
    const card = customerCard();
    await expect(card.getByText('completed', { exact: true })).toBeVisible();
    await expect(card.getByText(remarks)).toBeVisible();
    await expect(card.getByText(`Engineer: ${engineer.name}`)).toBeVisible();
    await expect(card.getByRole('link', { name: engineer.email })).toBeVisible();
    await expect(card.getByRole('link', { name: engineer.phone })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  });

  await test.step('the admin sees the completed ticket, with no status controls', async () => {
    await adminPage.reload();
    await expect(adminPage).toHaveURL('/admin');
    const row = adminRow();
    await expect(cell(row, 'Status')).toHaveText('completed');
    await expect(cell(row, 'Remarks')).toHaveText(remarks);
    await expect(cell(row, 'Engineer')).toContainText(engineer.email);
    await expect(cell(row, 'Actions')).toContainText('No actions');
    await expect(row.getByRole('combobox')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Assign' })).toHaveCount(0);
  });

  await test.step("the admin reads the ticket's history", async () => {
    const row = adminRow();
    await row.getByRole('button', { name: `History of ticket ${SERVICE}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Ticket history' });
    await expect(dialog).toBeVisible();
    const steps = dialog.getByRole('listitem');
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
    await expect(step('Ticket created')).toContainText(`${customer.name} (user)`);
    await expect(step('Engineer assigned')).toContainText(engineer.name);
    await expect(step('Engineer assigned')).toContainText('E2E Admin (superadmin)');
    await expect(step('Status changed')).toContainText('pending → in progress');
    await expect(step('Status changed')).toContainText('E2E Admin (superadmin)');
    await expect(step('Payment captured').first()).toContainText('Booking fee ₹99');
    await expect(step('Payment captured').first()).toContainText('System');
    await expect(step('Payment verified').first()).toContainText('Booking fee ₹99');
    await expect(step('Payment verified').first()).toContainText(`${customer.name} (user)`);
    await expect(step('Payment order opened').last()).toContainText('In-progress fee ₹299');
    await expect(step('Payment verified').last()).toContainText('In-progress fee ₹299');
    await expect(step('Completed')).toContainText(remarks);
    await expect(step('Completed')).toContainText(`${engineer.name} (engineer)`);

    await adminPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await adminContext.close();
  await engineerContext.close();
  expect(problems, 'the admin or engineer page logged console errors or threw').toEqual([]);
});
