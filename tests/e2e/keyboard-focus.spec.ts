import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, expectToast, pressEnter, test } from './support/fixtures';
import { bookingFields, bookingForm, checkout, openDashboard } from './support/customer';
import {
  bookTicketViaApi,
  createEngineerViaApi,
  MAIN,
  openAdmin,
  revealTicketRow,
  runId,
  SERVICE,
  SUB,
} from './support/staff';

// Where the keyboard's focus goes after an action: never to <body> (the next Tab would start again
// at the top of the page), and never taken back from where the user has moved it.

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`;
  });

/** Presses Enter on the button with this name, as a keyboard user would reach and press it. */
const press = (page: Page, name: string | RegExp) =>
  pressEnter(page, page.getByRole('button', { name, exact: typeof name === 'string' }));

test.describe('the focus after an action', () => {
  test('booking by keyboard: the form takes the focus, a closed payment gives it back, a booked ticket returns it to New Ticket', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request);
    await press(page, 'New Ticket');
    const f = bookingFields(page);
    await expect(f.main).toBeFocused();
    await expect(f.main.getByRole('option', { name: MAIN })).toBeAttached();
    await f.main.selectOption({ label: MAIN });
    await expect(f.sub.getByRole('option', { name: SUB })).toBeAttached();
    await f.sub.selectOption({ label: SUB });
    await f.description.fill('The trackpad clicks on its own.');

    // The Book Ticket button keeps the focus while the order is made, and gets it back from the dialog.
    await press(page, 'Book Ticket');
    await expect(checkout(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectToast(page, 'Payment cancelled', 'info');
    await expect(f.book).toBeFocused();
    // The toast's text is readable (contrast), like the rest of the page.
    await expectNoA11yViolations(page);

    await page.keyboard.press('Enter');
    await expect(checkout(page)).toBeVisible();
    await checkout(page).getByRole('button', { name: 'Pay' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Ticket booked and payment successful!', 'success');
    await expect(bookingForm(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeFocused();

    // Cancel closes the form and gives the focus back to New Ticket as well.
    await press(page, 'New Ticket');
    await expect(f.main).toBeFocused();
    await press(page, 'Cancel');
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeFocused();
  });

  test('Edit Profile takes the focus to the form, and Save gives it back', async ({ page, request }) => {
    await openDashboard(page, request);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await press(page, 'Edit Profile');
    const form = page.getByRole('form', { name: 'Edit profile' });
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Kavya Nair');
    await press(page, 'Save');
    await expectToast(page, 'Profile updated successfully!', 'success');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
  });

  test('the tab panel shows its focus, and the sticky header leaves room for what is focused', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request);
    await page.getByRole('tab', { name: 'My Tickets' }).focus();
    await page.keyboard.press('Tab');
    const panel = page.getByRole('tabpanel', { name: 'My Tickets' });
    await expect(panel).toBeFocused();
    expect(await panel.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    const padding = await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop);
    const header = await page.getByRole('banner').boundingBox();
    expect(parseFloat(padding)).toBeGreaterThanOrEqual(header?.height ?? Infinity);
  });

  test('"Call Now" keeps the focus while its tooltip loads, and does not take it back after the user moves on', async ({
    page,
    request,
  }) => {
    // The tooltip's code arrives late, as on a slow connection: the user tabs on before it is there.
    await page.route('**/assets/tooltip-impl-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await openDashboard(page, request);
    const call = page.getByRole('banner').getByRole('link', { name: 'Call Now' });
    await page.getByRole('banner').getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Tab');
    await expect(call).toBeFocused();
    await page.keyboard.press('Tab');
    const next = await focused(page);
    expect(next).not.toBe('BODY');
    expect(next).not.toContain('Call Now');
    // Once the code has come: no tooltip for a link the focus has left, and the focus stays put.
    await page.waitForTimeout(1500);
    expect(await focused(page)).toBe(next);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

test.describe('the focus after an admin action', () => {
  test("Assign removes its own control: the focus stays in the ticket's row, on its status", async ({
    page,
    request,
  }) => {
    const run = runId();
    await createEngineerViaApi(request, `Keyboard Engineer ${run}`);
    const { ticket } = await bookTicketViaApi(request, `Assigned by keyboard (${run}).`);
    await openAdmin(page, request);
    const { row } = await revealTicketRow(page, ticket.description);
    await row
      .getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` })
      .selectOption({ label: `Keyboard Engineer ${run}` });
    await row.getByRole('button', { name: 'Assign' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, `Assigned to Keyboard Engineer ${run}`, 'success');
    await expect(row.getByRole('button', { name: 'Assign' })).toHaveCount(0);
    await expect(row.getByRole('combobox', { name: `Status of ticket ${SERVICE}` })).toBeFocused();
  });
});

test.describe('moving between admin pages', () => {
  test("the new page's heading takes the focus, both ways", async ({ page, request }) => {
    await openAdmin(page, request);
    await page.getByRole('link', { name: 'Database viewer' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Database viewer' })).toBeFocused();
    await page.getByRole('link', { name: 'Back to admin dashboard' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the login dialog opened from the menu gives the focus back to the menu button', async ({ page }) => {
    await page.goto('/');
    await press(page, 'Open menu');
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
