// Two-factor sign-in for staff (DECISIONS.md §7.6): an engineer turns it on from the header's Security
// page (QR code, the key to type in, a code to confirm, recovery codes shown once), then signs in with
// the password and a code from the app; an admin turns it off again from All Users. The codes are
// worked out here from the secret the page shows, as an authenticator app would.
import { expect, expectNoA11yViolations, expectToast, loginInBrowser, test } from './support/fixtures';
import { codeFor, header, loginButton, openLoginDialog, storedToken } from './support/auth';
import { apiLogin, createEngineerViaApi, openAdmin, openTab, reveal } from './support/staff';

test('an engineer turns on two-factor sign-in and signs in with a code; an admin turns it off', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const engineer = await createEngineerViaApi(request, 'Meera Iyer');
  await loginInBrowser(page, (await apiLogin(request, engineer.user.email, engineer.password)).token);
  await page.goto('/dashboard');

  await header(page).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
  // An engineer's optional emails are told as an engineer gets them.
  await expect(page.getByText('A ticket assigned to you.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
  await expectNoA11yViolations(page);

  await page.getByLabel('Code from the app').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const shown = await codes.allTextContents();
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expectToast(page, 'Recovery codes copied', 'success');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('\n'));
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on. 10 of 10 recovery codes left.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

  // Signed out, the password alone no longer signs in: the dialog asks for the code.
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(loginButton(page)).toBeVisible();
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('Email').fill(engineer.user.email);
  await dialog.getByLabel('Password').fill(engineer.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = dialog.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // The second step is the password's: no other way in, nor another form, is offered beside it.
  await expect(dialog.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  // Back: the email stays, the password is asked again.
  await dialog.getByRole('button', { name: 'Back to email and password' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(engineer.user.email);
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await dialog.getByLabel('Password').fill(engineer.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(code).toBeVisible();
  // The next step's code: the one confirming the set-up has been used.
  await code.fill(await codeFor(secret, 1));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expectToast(page, 'Logged in successfully!', 'success');
  await expect(header(page).getByText('Welcome Meera Iyer')).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();

  // The admin's All Users card says so, and turns it off after a confirmation (which ends the
  // engineer's sessions: their page is closed first, so its live stream's refusal is not in the way).
  await page.close();
  const admin = await context.newPage();
  await openAdmin(admin, request);
  const panel = await openTab(admin, 'All Users');
  const card = panel.getByRole('listitem').filter({ hasText: engineer.user.email });
  await reveal(panel, card);
  await expect(card.getByText('2FA on')).toBeVisible();
  await card.getByRole('button', { name: 'Turn off 2FA' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Turn off 2FA' }).click();
  await expectToast(admin, 'Two-factor sign-in turned off for Meera Iyer', 'success');
  await expect(confirm).toBeHidden();
  await expect(card.getByText('2FA on')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Turn off 2FA' })).toHaveCount(0);

  // The password alone signs the engineer in again.
  const plain = await apiLogin(request, engineer.user.email, engineer.password);
  expect(plain.token).toBeTruthy();
});

test('an admin’s Account security offers no email settings: no optional email goes to admins', async ({
  page,
  request,
}) => {
  await openAdmin(page, request);
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email notifications' })).toHaveCount(0);
});
