import { NOT_FOUND_META, PAGE_META } from '../../src/shared/seo';
import { expect, test } from './support/fixtures';

test.describe('unknown pages', () => {
  // The 404 document itself makes Chromium log "Failed to load resource ... 404": that is the point here.
  test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 404/ });

  test('an unknown path answers 404 with Page Not Found and a Go Home link', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(page).toHaveTitle(NOT_FOUND_META.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    // The site's header and footer are still there to navigate with.
    await expect(page.getByRole('banner').getByRole('link', { name: 'RemoteFix home' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const goHome = page.getByRole('main').getByRole('link', { name: 'Go Home' });
    await expect(goHome).toHaveAttribute('href', '/');
    await goHome.click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle(PAGE_META['/']!.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your computer, fixed remotely in minutes');
  });

  test('nested unknown paths and unknown API paths are 404 too', async ({ page, request }) => {
    const nested = await page.goto('/service/does-not-exist');
    expect(nested?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');

    // The API never answers an unknown path with the web page.
    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
  });
});
