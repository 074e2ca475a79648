import { OAuth2Server } from 'oauth2-mock-server';
import { expect, expectToast, signUpViaApi, test, uniqueEmail } from './support/fixtures';

// One issuer on a fixed port (the server under test is configured with it): one worker for this file.
test.describe.configure({ mode: 'serial' });

const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4174);
let issuer: OAuth2Server;
let claims: Record<string, unknown> = {};

test.beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(OIDC_PORT, '127.0.0.1');
  // The mock names itself http://localhost:PORT; the server under test is configured with 127.0.0.1.
  issuer.issuer.url = `http://127.0.0.1:${OIDC_PORT}`;
  issuer.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
});
test.afterAll(async () => {
  await issuer.stop();
});

test('Sign in with Google: round trip through a real OpenID Connect issuer', async ({ page }) => {
  const email = uniqueEmail('google');
  claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Gauri Google' };
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText('Welcome Gauri Google')).toBeVisible();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  // The token left the address bar and lives in local storage.
  expect(page.url()).not.toContain('token=');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // Signing in again finds the same account.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('banner').getByText('Welcome Gauri Google')).toBeVisible();
});

test('Google signing in to an account made with a password says the password is gone', async ({ page, request }) => {
  const email = uniqueEmail('linked');
  const made = await request.post('/api/signup', {
    data: { name: 'Lata Linked', email, phone: '+91 98765 11111', password: 'lata-password-1' },
  });
  expect(made.status(), await made.text()).toBe(201);
  claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Lata Linked' };
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Logged in successfully!', 'success');
  await expectToast(
    page,
    'Your account is now linked to Google and its password was removed. Sign in with Google from now on.',
    'info',
  );
  expect(page.url()).not.toContain('linked=');
  const login = await request.post('/api/login', { data: { email, password: 'lata-password-1' } });
  expect(login.status()).toBe(401);
});

test('an unverified Google email comes back to / with a message', async ({ page }) => {
  claims = {
    sub: `sub-unverified-${Date.now()}`,
    email: uniqueEmail('unverified'),
    email_verified: false,
  };
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(
    page.getByText('Your Google email address is not verified, so we cannot sign you in with it.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});

test('each way back from Google says why, as a toast of the right kind, and leaves a clean address', async ({
  page,
}) => {
  const cases = [
    ['not_configured', 'Google sign-in is not configured yet. Please log in with your email and password.', 'warning'],
    ['denied', 'Google sign-in was cancelled.', 'info'],
    ['state', 'Your Google sign-in expired or was already used. Please try again.', 'error'],
  ] as const;
  for (const [reason, message, kind] of cases) {
    await page.goto(`/?authError=${reason}`);
    await expectToast(page, message, kind);
    await expect(page).toHaveURL(/\/$/);
  }
});

test.describe('a rejected token', () => {
  // The bad token's /api/me answers 401, which the browser logs as a failed resource.
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test('/auth/success without a token, or with a bad one, clears it and goes home', async ({ page }) => {
    await page.goto('/auth/success');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth/success?token=not-a-real-token');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The refused token was never a session: the page says the sign-in failed, not that a session ended.
    await expectToast(page, 'Google sign-in failed. Please try again.', 'error');
    expect(await page.locator('[data-sonner-toast]', { hasText: /session has ended/ }).count()).toBe(0);
  });

  test("a link with someone else's valid token does not sign this browser in to their account", async ({
    page,
    request,
  }) => {
    const sender = await signUpViaApi(request);
    for (const query of [`token=${sender.token}`, `token=${sender.token}&done=guessed-value-1234567890`]) {
      await page.goto(`/auth/success?${query}`);
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, 'Google sign-in failed. Please try again.', 'error');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    }
  });
});
