import type { Page } from '@playwright/test';
import { codeFor, openLoginDialog, storedToken } from './support/auth';
import { expect, expectToast, loginInBrowser, signUpViaApi, test } from './support/fixtures';
import { adminToken, apiLogin, auth, createEngineerViaApi, openAdmin, runId } from './support/staff';

// DECISIONS.md §7.3 in the browser, on the quick start (no SMTP_URL: every email is kept and admins
// read it): "Forgot password?" in the login dialog, the reset email read in the admin's Outgoing
// email tab, its link's page, and signed in with the new password. Then the Profile tab's email
// notifications and Change password.

const NEW_PASSWORD = 'violet-harbour-lantern-93';

/** The admin's Outgoing email tab, with the newest email to `to` previewed: its plain-text part. */
async function readKeptEmail(
  page: Page,
  to: string,
  subject: string,
  heading = 'Reset your password',
): Promise<string> {
  await page.goto('/admin?tab=emails');
  const panel = page.getByRole('tabpanel', { name: 'Outgoing email' });
  // Found as an admin finds one among many: by its address.
  await panel.getByRole('searchbox', { name: 'Search' }).fill(to);
  const row = panel
    .getByRole('listitem')
    .filter({ hasText: `To ${to}` })
    .filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row.getByText('kept', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Preview/ }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  // The HTML part, in a frame that may run nothing.
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[role=dialog] iframe').getByRole('heading', { name: heading })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  const text = (await dialog.locator('pre').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

test('forgot password: the emailed link sets a new password and signs in', async ({ page, browser, request }) => {
  const customer = await signUpViaApi(request, { name: 'Kavya Reset' });
  await page.goto('/');
  const login = await openLoginDialog(page);
  await login.getByLabel('Email').fill(customer.user.email);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  // The address typed so far comes along.
  await expect(forgot.getByLabel('Email')).toHaveValue(customer.user.email);
  await forgot.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText(`If an account exists for ${customer.user.email}`);

  // The admin reads the kept email (no SMTP_URL in the browser tests).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdmin(admin, request);
  const text = await readKeptEmail(admin, customer.user.email, 'Reset your RemoteFix password');
  await adminContext.close();
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // The token leaves the address bar at once.
  expect(new URL(page.url()).search).toBe('');
  await page.getByLabel(/^New password\*?$/).fill(NEW_PASSWORD);
  await page.getByLabel('New password, again').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.getByLabel('New password, again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expectToast(page, 'Your password is changed and you are signed in.', 'success');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kavya Reset' })).toBeVisible();
  expect(await storedToken(page)).not.toBe(customer.token);

  // The old password no longer signs in; the link does not work twice.
  expect(
    (await request.post('/api/login', { data: { email: customer.user.email, password: customer.password } })).status(),
  ).toBe(401);
  const again = await request.post('/api/password/reset', {
    data: { token: new URL(link!).searchParams.get('token'), password: 'another-fresh-passphrase-7' },
  });
  expect(again.status()).toBe(400);
});

// An attack audit: a session alone (a token copied from a shared computer) could move a customer's
// email to an address of its own and reset the password there. The old address's email undoes it.
test('the email to the old address takes the account back from whoever changed its email', async ({
  page,
  browser,
  request,
}) => {
  const owner = await signUpViaApi(request, { name: 'Kavya Undo' });
  const stolen = auth(owner.token);
  const theirs = `taken.${runId()}@example.com`;
  const moved = await request.patch('/api/profile', {
    headers: stolen,
    data: { name: owner.user.name, email: theirs, phone: owner.user.phone },
  });
  expect(moved.status()).toBe(200);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdmin(admin, request);
  const text = await readKeptEmail(
    admin,
    owner.user.email,
    'The email of your RemoteFix account was changed',
    'Your account’s email was changed',
  );
  await adminContext.close();
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Take your account back' })).toBeVisible();
  await expect(page.getByText('Your account’s email becomes')).toContainText(owner.user.email);
  await page.getByLabel(/^New password\*?$/).fill(NEW_PASSWORD);
  await page.getByLabel('New password, again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expectToast(page, 'Your account is back: its email is this address again, and you are signed in.', 'success');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kavya Undo' })).toBeVisible();

  // The taken session is over; the account signs in with its own address and the new password.
  expect((await request.get('/api/me', { headers: stolen })).status()).toBe(401);
  expect(
    (await request.post('/api/login', { data: { email: owner.user.email, password: NEW_PASSWORD } })).status(),
  ).toBe(200);
});

test('with two-factor sign-in on, the reset page asks for a code, then signs in', async ({ page, request }) => {
  const engineer = await createEngineerViaApi(request, `Twofa Reset ${runId()}`);
  const session = auth((await apiLogin(request, engineer.user.email, engineer.password)).token);
  const { secret } = (await (await request.post('/api/2fa/setup', { headers: session })).json()) as { secret: string };
  const enabled = await request.post('/api/2fa/enable', { headers: session, data: { code: await codeFor(secret) } });
  expect(enabled.status()).toBe(200);
  expect((await request.post('/api/password/forgot', { data: { email: engineer.user.email } })).status()).toBe(202);
  // The kept email, as the superadmin reads it (no SMTP_URL in the browser tests).
  const admin = auth(await adminToken(request));
  const listed = (await (
    await request.get(`/api/admin/emails?q=${encodeURIComponent(engineer.user.email)}`, { headers: admin })
  ).json()) as { emails: { id: string; subject: string }[] };
  const sent = listed.emails.find((e) => /password/.test(e.subject));
  const detail = (await (await request.get(`/api/admin/emails/${sent!.id}`, { headers: admin })).json()) as {
    email: { text: string };
  };
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(detail.email.text)![0]);

  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password\*?$/).fill(NEW_PASSWORD);
  await page.getByLabel('New password, again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  // The new password is the first factor: the code is asked for here, not after typing it all again.
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await code.fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Logged in successfully!', 'success');
  expect(await storedToken(page)).toBeTruthy();
});

test.describe('refusals the page expects', () => {
  // The server's 400 for a refused link or a wrong current password is the point of these tests.
  test.use({ allowConsoleErrors: /the server responded with a status of 400 \(Bad Request\)/ });

  test('a used or unknown reset link says so on opening, before a password is typed, and offers a new one', async ({
    page,
  }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('alert').filter({ hasText: 'invalid, used or expired' })).toBeVisible();
    await expect(page.getByLabel(/^New password\*?$/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  });

  test('a link used up while its page was open is refused on submit, and offers a new one', async ({ page }) => {
    // The check on opening found it working (another tab used it afterwards).
    await page.route('**/api/password/reset/check', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
    );
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel(/^New password\*?$/).fill(NEW_PASSWORD);
    await page.getByLabel('New password, again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'invalid, used or expired' })).toBeVisible();
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  });

  test('Profile tab: email notifications and Change password', async ({ page, request }) => {
    const customer = await signUpViaApi(request, { name: 'Rohan Profile' });
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard?tab=profile');
    const updates = page.getByRole('checkbox', { name: /Ticket updates/ });
    await expect(updates).toBeChecked();
    // A click, then the box as the page shows it: the page unchecks it a moment after the click (the
    // change it sends), which uncheck()'s own check, made at once, can miss on a loaded machine.
    await updates.click();
    await expect(updates).not.toBeChecked();
    await expectToast(page, 'Ticket updates emails turned off', 'success');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Ticket updates/ })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: /New messages/ })).toBeChecked();

    await page.getByRole('button', { name: 'Change password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel(/^New password\*?$/).fill(NEW_PASSWORD);
    await form.getByLabel('New password, again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    await form.getByLabel('Current password').fill(customer.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed. You are signed out everywhere else.', 'success');
    // Still signed in here, under a new session; the old one has ended.
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Rohan Profile' })).toBeVisible();
    expect(await storedToken(page)).not.toBe(customer.token);
    const old = await request.get('/api/me', { headers: { authorization: `Bearer ${customer.token}` } });
    expect(old.status()).toBe(401);
  });
});
