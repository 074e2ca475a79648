import type { Page } from '@playwright/test';
import { MARKETING_PATHS, PAGE_META } from '../../src/shared/seo';
import { expect, expectNoA11yViolations, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(page)).toBeVisible();
  return menu(page);
}

test.describe('phone layout', () => {
  test('the desktop navigation is hidden and the menu button is shown', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Call Now' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(menu(page)).toHaveCount(0);
  });

  test('Open menu shows the five links, Call Now and Login', async ({ page }) => {
    await page.goto('/');
    const m = await openMenu(page);
    await expect(m.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Services',
      'How It Works',
      'About',
      'Contact',
    ]);
    const callNow = m.getByRole('link', { name: 'Call Now' });
    await expect(callNow).toBeVisible();
    await expect(callNow).toHaveAttribute('href', /^tel:\+?\d{7,15}$/);
    await expect(m.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(m.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  // 1366 × 768 at 200% zoom leaves 683 × 384 CSS pixels (WCAG 1.4.10), like a phone on its side:
  // the menu is taller than that, and what is below the fold must still be reachable.
  test('on a short screen the menu scrolls to its last item, by keyboard and by wheel', async ({ page }) => {
    await page.setViewportSize({ width: 683, height: 384 });
    await page.goto('/');
    const m = await openMenu(page);
    const login = m.getByRole('button', { name: 'Login' });
    await expect(login).not.toBeInViewport();
    for (let i = 0; i < 12 && !(await login.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(login).toBeFocused();
    await expect(login).toBeInViewport();

    await page.keyboard.press('Escape');
    const again = await openMenu(page);
    const box = await again.boundingBox();
    await page.mouse.move((box?.x ?? 0) + 100, 200);
    await page.mouse.wheel(0, 600);
    await expect(again.getByRole('button', { name: 'Login' })).toBeInViewport();
  });

  test('a menu link navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    const m = await openMenu(page);
    await m.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(m).toBeHidden();
    await expect(page).toHaveTitle(PAGE_META['/about']!.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repair that comes to you');

    // The open page is marked in the menu next time.
    const again = await openMenu(page);
    await expect(again.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  test('Escape and the close button close the menu', async ({ page }) => {
    await page.goto('/');
    await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    const m = await openMenu(page);
    await m.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toBeHidden();
  });

  test('Login in the menu closes it and opens the sign-in dialog', async ({ page }) => {
    await page.goto('/');
    const m = await openMenu(page);
    await m.getByRole('button', { name: 'Login' }).click();
    await expect(m).toBeHidden();
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeVisible();
  });

  for (const path of MARKETING_PATHS) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(innerWidth).toBe(390);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    });
  }
});
