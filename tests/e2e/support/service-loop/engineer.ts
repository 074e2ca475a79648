// The engineer's screen in the service loop (service-loop.spec.ts): the assigned ticket, its
// customer, and completing it with remarks.
import { expect, expectToast } from '../fixtures';
import { SERVICE } from '../staff';
import { logInThroughDialog, type Loop } from './loop';

export async function completeTicket({ engineerPage, engineer, customer, description, remarks }: Loop) {
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
  // The ₹299 is paid: no warning that it is not.
  await expect(card.getByText(/has not paid the ₹299/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Submit & Complete' }).click();
  await expectToast(engineerPage, 'Please enter remarks before completing the ticket.', 'error');
  await expect(remarksBox).toHaveAccessibleDescription('Please enter remarks before completing the ticket.');
  await expect(card.getByText('in progress', { exact: true })).toBeVisible();

  // Whitespace only is blank too.
  await remarksBox.fill('   ');
  await card.getByRole('button', { name: 'Submit & Complete' }).click();
  await expect(card.getByText('Please enter remarks before completing the ticket.')).toBeVisible();
  // Said once, by the toast: the message under the field is its description, not a second alert.
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(remarksBox).toHaveAccessibleDescription('Please enter remarks before completing the ticket.');
  await expect(card.getByText('in progress', { exact: true })).toBeVisible();

  // Near the limit the box counts (a UX audit: the limit showed only once sent); past it, the text stays.
  await remarksBox.fill('x'.repeat(1850));
  await expect(remarksBox).toHaveAccessibleDescription('1,850 / 2,000 characters');
  await remarksBox.fill('x'.repeat(2100));
  await card.getByRole('button', { name: 'Submit & Complete' }).click();
  await expect(remarksBox).toHaveAccessibleDescription('Remarks must be at most 2000 characters');
  await expect(remarksBox).toHaveValue('x'.repeat(2100));

  await remarksBox.fill(remarks);
  await card.getByRole('button', { name: 'Submit & Complete' }).click();
  await expectToast(engineerPage, 'Ticket marked as completed!', 'success');
  await expect(card.getByText('completed', { exact: true })).toBeVisible();
  await expect(card.getByText(remarks)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Complete Ticket' })).toHaveCount(0);
}
