import type { Page, Request } from '@playwright/test';
import { expect, expectNoA11yViolations, expectToast, test, toast } from './support/fixtures';

const CONTACT_API = '**/api/contact/add';

const form = (page: Page) => page.getByRole('form', { name: 'Repair request' });

function fields(page: Page) {
  const f = form(page);
  return {
    name: f.getByLabel('Full Name'),
    phone: f.getByLabel('Phone Number'),
    email: f.getByLabel('Email'),
    computerType: f.getByLabel('Computer Type'),
    main: f.getByLabel('Main Category'),
    sub: f.getByLabel('Subcategory'),
    urgency: f.getByLabel('Urgency'),
    description: f.getByLabel('Describe the problem'),
    submit: f.getByRole('button', { name: 'Submit Request' }),
  };
}

/** Records every POST to the contact endpoint the page makes. */
function recordContactPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact/add') seen.push(r);
  });
  return seen;
}

async function openForm(page: Page) {
  await page.goto('/');
  const f = fields(page);
  // Scrolled to, as a visitor does: the page comes alive and loads the categories from the API once the
  // select nears the screen (lib/page-boot.ts). Wait until it is usable.
  await f.main.scrollIntoViewIfNeeded();
  await expect(f.main).toBeEnabled();
  await expect(f.main.getByRole('option', { name: 'Hardware Diagnostics' })).toBeAttached();
  return f;
}

/** Clicks Submit Request and answers the contact POST it sends, once its response is in. */
async function submitAndWait(page: Page) {
  const response = page.waitForResponse((r) => r.url().endsWith('/api/contact/add') && r.request().method() === 'POST');
  await fields(page).submit.click();
  return response;
}

async function fillValid(page: Page) {
  const f = fields(page);
  await f.name.fill('Ravi Kumar');
  await f.phone.fill('+91 99887 76655');
  await f.email.fill('Ravi.Kumar@Example.com');
  await f.computerType.selectOption('Laptop');
  await f.main.selectOption({ label: 'Virus & Malware Removal' });
  await expect(f.sub).toBeEnabled();
  await f.sub.selectOption({ label: 'Ransomware Assistance' });
  await f.urgency.selectOption('Urgent');
  await f.description.fill('My files were encrypted and there is a ransom note on the desktop.');
}

test.describe('public request form', () => {
  test('starts with Desktop Computer and Low urgency, and no subcategory until a category is chosen', async ({
    page,
  }) => {
    const f = await openForm(page);
    await expect(f.computerType).toHaveValue('Desktop Computer');
    await expect(f.urgency).toHaveValue('Low');
    await expect(f.computerType.getByRole('option')).toHaveText(['Desktop Computer', 'Laptop', 'Mac', 'Other']);
    await expect(f.urgency.getByRole('option')).toHaveText(['Low', 'Medium', 'Urgent']);
    await expect(f.name).toHaveValue('');
    await expect(f.main).toHaveValue('');
    await expect(f.sub).toBeDisabled();
    await expect(f.sub).toHaveValue('');
    await expect(form(page).getByText('Choose a main category first')).toBeVisible();
  });

  test('choosing a main category enables and fills the subcategory; another category clears it', async ({ page }) => {
    const f = await openForm(page);

    await f.main.selectOption({ label: 'Hardware Diagnostics' });
    await expect(f.sub).toBeEnabled();
    await expect(f.sub.getByRole('option')).toHaveText([
      'Select a subcategory',
      'Laptop Not Turning On',
      'Overheating & Fan Noise',
      'Battery & Charging Problems',
      'Keyboard & Touchpad Issues',
      'Display & Screen Problems',
    ]);
    await expect(form(page).getByText('Choose a main category first')).toBeHidden();

    const overheating = await f.sub.getByRole('option', { name: 'Overheating & Fan Noise' }).getAttribute('value');
    expect(overheating).toBeTruthy();
    await f.sub.selectOption({ label: 'Overheating & Fan Noise' });
    await expect(f.sub).toHaveValue(overheating!);

    await f.main.selectOption({ label: 'Virus & Malware Removal' });
    await expect(f.sub).toHaveValue('');
    await expect(f.sub.getByRole('option', { name: 'Overheating & Fan Noise' })).toHaveCount(0);
    await expect(f.sub.getByRole('option', { name: 'Virus & Trojan Removal' })).toBeAttached();
    await expect(f.sub).toBeEnabled();

    // The form's own value was cleared too, not just the select's display: with everything else
    // valid, submitting asks for a subcategory instead of sending the stale one.
    const posts = recordContactPosts(page);
    await f.name.fill('Ravi Kumar');
    await f.phone.fill('+91 99887 76655');
    await f.email.fill('ravi@example.com');
    await f.description.fill('Pop-ups everywhere.');
    await f.submit.click();
    await expect(form(page).getByText('Choose a subcategory', { exact: true })).toBeVisible();
    await expect(form(page).getByRole('alert')).toHaveCount(1);
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);

    // Back to no category: the subcategory is disabled again.
    await f.main.selectOption('');
    await expect(f.sub).toBeDisabled();
    await expect(f.sub).toHaveValue('');
  });

  test('submitting empty shows every required message and sends nothing', async ({ page }) => {
    const f = await openForm(page);
    const posts = recordContactPosts(page);

    await f.submit.click();

    const messages = [
      'Name is required',
      'Phone number is required',
      'Email is required',
      'Choose a main category',
      'Choose a subcategory',
      'Description is required',
    ];
    for (const m of messages) await expect(form(page).getByText(m, { exact: true })).toBeVisible();
    await expect(form(page).getByRole('alert')).toHaveCount(messages.length);
    // Each message is tied to its field for screen readers, and the first bad field gets focus.
    await expect(f.name).toHaveAttribute('aria-invalid', 'true');
    await expect(f.name).toHaveAccessibleDescription('Name is required');
    await expect(f.sub).toHaveAccessibleDescription('Choose a subcategory');
    await expect(f.name).toBeFocused();
    await expectNoA11yViolations(page);

    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);

    // Fixing a field clears its message.
    await f.name.fill('Ravi');
    await f.submit.click();
    await expect(form(page).getByText('Name is required')).toBeHidden();
    await expect(form(page).getByText('Phone number is required')).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  test('on a phone, the first bad field is scrolled to with its label below the sticky header', async ({ page }) => {
    // Tall enough that the button and the field are both on screen: nothing but the focus scrolls.
    await page.setViewportSize({ width: 390, height: 1400 });
    const f = await openForm(page);
    // The name field just below the header, its label behind it.
    await f.name.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 70));
    await f.submit.click();
    await expect(f.name).toBeFocused();
    const header = page.getByRole('banner');
    const label = form(page).locator('label', { hasText: 'Full Name' });
    await expect
      .poll(async () => {
        const [h, l] = await Promise.all([header.boundingBox(), label.boundingBox()]);
        return h && l ? l.y - (h.y + h.height) : -1;
      })
      .toBeGreaterThanOrEqual(0);
  });

  test('a malformed email shows an email message and sends nothing', async ({ page }) => {
    await openForm(page);
    const posts = recordContactPosts(page);
    await fillValid(page);
    const f = fields(page);
    await f.email.fill('ravi.kumar-at-example');
    await f.submit.click();
    await expect(form(page).getByText('Enter a valid email address', { exact: true })).toBeVisible();
    await expect(f.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form(page).getByRole('alert')).toHaveCount(1);
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);
  });

  test('a valid request is sent, thanked and the form resets to its defaults', async ({ page }) => {
    const f = await openForm(page);
    await fillValid(page);
    const mainId = await f.main.inputValue();
    const subId = await f.sub.inputValue();

    const response = await submitAndWait(page);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Ravi Kumar',
      phone: '+91 99887 76655',
      email: 'ravi.kumar@example.com',
      computerType: 'Laptop',
      mainServiceId: mainId,
      subServiceId: subId,
      urgency: 'Urgent',
      description: 'My files were encrypted and there is a ransom note on the desktop.',
    });

    await expectToast(page, 'Thank you! Your request has been submitted.', 'success');
    await expect(f.name).toHaveValue('');
    await expect(f.phone).toHaveValue('');
    await expect(f.email).toHaveValue('');
    await expect(f.description).toHaveValue('');
    await expect(f.computerType).toHaveValue('Desktop Computer');
    await expect(f.urgency).toHaveValue('Low');
    await expect(f.main).toHaveValue('');
    await expect(f.sub).toHaveValue('');
    await expect(f.sub).toBeDisabled();
    await expect(form(page).getByRole('alert')).toHaveCount(0);
    await expect(f.submit).toBeEnabled();
  });

  // The marketing pages come alive after their first paint: what a visitor types in the server's
  // form before then must survive hydration and be sent.
  for (const path of ['/', '/contact']) {
    test(`on ${path}, what is typed before the form is live is kept and sent`, async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/request-form-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      const f = fields(page);
      await f.name.fill('Ravi Kumar');
      await f.computerType.selectOption('Laptop');
      await f.description.fill('The laptop restarts whenever it gets warm.');
      await expect(f.main).toBeDisabled(); // not live yet
      release();
      await expect(f.main).toBeEnabled();
      await expect(f.name).toHaveValue('Ravi Kumar');
      await expect(f.computerType).toHaveValue('Laptop');
      await expect(f.description).toHaveValue('The laptop restarts whenever it gets warm.');

      await f.phone.fill('+91 99887 76655');
      await f.email.fill('ravi@example.com');
      await f.main.selectOption({ label: 'Virus & Malware Removal' });
      await expect(f.sub).toBeEnabled();
      await f.sub.selectOption({ label: 'Ransomware Assistance' });
      const response = await submitAndWait(page);
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({
        name: 'Ravi Kumar',
        computerType: 'Laptop',
        description: 'The laptop restarts whenever it gets warm.',
      });
    });
  }

  test.describe('when the request fails', () => {
    test.use({
      allowConsoleErrors: /^Failed to load resource: (the server responded with a status of 500|net::ERR_FAILED)/,
    });

    test("a server error shows the server's own message and keeps the form filled in", async ({ page }) => {
      const f = await openForm(page);
      await page.route(CONTACT_API, (route) => route.fulfill({ status: 500, json: { error: 'Database exploded' } }));
      await fillValid(page);
      await f.submit.click();
      await expectToast(page, 'Database exploded', 'error');
      await expect(toast(page, 'Thank you!')).toHaveCount(0);
      await expect(f.name).toHaveValue('Ravi Kumar');
      await expect(f.urgency).toHaveValue('Urgent');
      await expect(f.submit).toBeEnabled();
    });

    test('a server error without a message shows "Failed to submit request"', async ({ page }) => {
      const f = await openForm(page);
      await page.route(CONTACT_API, (route) => route.fulfill({ status: 500, body: '' }));
      await fillValid(page);
      await f.submit.click();
      await expectToast(page, 'Failed to submit request', 'error');
      await expect(f.name).toHaveValue('Ravi Kumar');
    });

    test('a network failure shows "Something went wrong submitting your request"', async ({ page }) => {
      const f = await openForm(page);
      let attempts = 0;
      await page.route(CONTACT_API, (route) => {
        attempts++;
        return route.abort('failed');
      });
      await fillValid(page);
      await f.submit.click();
      await expectToast(page, 'Something went wrong submitting your request', 'error');
      expect(attempts).toBe(1);
      await expect(f.name).toHaveValue('Ravi Kumar');
      await expect(f.submit).toBeEnabled();
    });
  });
});
