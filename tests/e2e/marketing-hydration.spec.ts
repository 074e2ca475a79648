import type { Page } from '@playwright/test';
import { CARRIED_TOASTS_KEY, TOKEN_KEY } from '../../src/web/lib/page-state-keys';
import { CODE_LOAD_FAILURE_LOGS, expect, expectToast, loginInBrowser, signUpViaApi, test } from './support/fixtures';
import { PAGES } from './support/marketing';

// How a marketing page loads: the server renders it, and the scripts that make it live (React)
// load only when the visitor reaches for a control, or at once for a signed-in visitor. What the
// pages say is marketing-pages.spec.ts.

/** A script that makes the home page live: React (vendor), the hydration chunk or the page's own. */
const LIVE_SCRIPT = /\/assets\/(vendor|hydrate-site-page|home-page)-[^/]+\.js$/;

/** The scripts that make the home page live, by name, that the page has fetched so far. */
const liveScripts = (page: Page) =>
  page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .map((e) => new RegExp(source).exec(e.name)?.[1])
        .filter((name): name is string => Boolean(name))
        .sort(),
    LIVE_SCRIPT.source,
  );

/**
 * Holds React (the vendor chunk) back until the test calls `release()`, so what the test does first
 * surely comes first, however slow the machine (a fixed delay did not: typing outlasted it).
 */
async function holdBackReact(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/vendor-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Opens the home page and makes it live: reaching for the request form loads React, and its categories arrive. */
async function openHomeLive(page: Page) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Repair request' });
  await form.getByLabel('Full Name').focus();
  await expect(form.getByLabel('Main Category')).toBeEnabled();
}

test.describe('marketing pages', () => {
  test('each marketing page arrives rendered: its heading is in the HTML before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, h1 } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
    await context.close();
  });

  test('a marketing page names only its small entry in the HTML, fetched at low priority', async ({ request }) => {
    for (const { path } of PAGES) {
      const html = await (await request.get(path)).text();
      const scripts = html.match(/<script type="module"[^>]*>/g) ?? [];
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(scripts).toHaveLength(1);
      for (const tag of [...scripts, ...preloads]) {
        expect(tag).toContain('fetchpriority="low"');
        expect(tag).not.toMatch(/vendor-|core-|page-/);
      }
    }
  });

  test('a first visit that only reads loads no React; reaching for a control makes the page live', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Reading, and links (plain anchors), need nothing more than the entry.
    expect(await liveScripts(page)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Learn More about how it works' })).toHaveAttribute(
      'href',
      '/how-it-works',
    );

    // Pointing at a button starts loading what makes the page live; the button then works.
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).hover();
    await expect.poll(() => liveScripts(page)).toEqual(['home-page', 'hydrate-site-page', 'vendor']);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  });

  test('on a first visit, "Call Now" shows its tooltip to a pointer and to the keyboard', async ({ page }) => {
    const call = page.getByRole('banner').getByRole('link', { name: 'Call Now' });
    const tooltip = page.getByRole('tooltip');

    // The pointer that rests on the link wakes the page; the tooltip opens as a pointer moves over it.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await liveScripts(page)).toEqual([]);
    const box = await call.boundingBox();
    if (!box) throw new Error('Call Now has no box');
    await call.hover();
    await expect.poll(() => liveScripts(page)).toEqual(['home-page', 'hydrate-site-page', 'vendor']);
    let nudge = 0;
    await expect(async () => {
      nudge = (nudge + 1) % 4;
      await page.mouse.move(box.x + box.width / 2 + nudge, box.y + box.height / 2);
      await expect(tooltip).toHaveText(/^Call \+?[\d ]+$/, { timeout: 1500 });
    }).toPass({ timeout: 10_000 });

    // The focus that lands on the link wakes the page, and the tooltip opens for it.
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await call.focus();
    await expect(tooltip).toHaveText(/^Call \+?[\d ]+$/);
    await expect(call).toBeFocused();
  });

  test('the services are read without React; scrolling to the request form makes the page live', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await liveScripts(page)).toEqual([]);
    // The server rendered the catalogue into the page (marketing-catalogue.spec.ts): nothing to wait for.
    const services = page.locator('#services');
    await services.scrollIntoViewIfNeeded();
    await expect(services.getByRole('heading', { level: 3, name: 'Hardware Diagnostics' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await liveScripts(page)).toEqual([]);
    // The form's category select is live only with React: nearing it loads what makes the page live.
    const category = page.getByRole('form', { name: 'Repair request' }).getByLabel('Main Category');
    await category.scrollIntoViewIfNeeded();
    await expect(category.getByRole('option', { name: 'Hardware Diagnostics' })).toBeAttached();
    expect(await liveScripts(page)).toEqual(['home-page', 'hydrate-site-page', 'vendor']);
  });

  test('a signed-in visitor is greeted at once: React loads after the first contentful paint, untouched', async ({
    page,
    request,
  }) => {
    const { user, token } = await signUpViaApi(request, { name: 'Meera Greeted' });
    await loginInBrowser(page, token);
    await page.goto('/');
    await expect(page.getByRole('banner').getByText(`Welcome ${user.name}`)).toBeVisible();
    const timing = await page.evaluate(
      (source) => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => new RegExp(source).test(e.name))
          .map((e) => ({ name: e.name, startTime: e.startTime })),
      }),
      LIVE_SCRIPT.source,
    );
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts).toHaveLength(3);
    for (const s of timing.scripts) expect(s.startTime, s.name).toBeGreaterThanOrEqual(timing.fcp as number);
  });

  test('signing in in another tab makes a page that was only read greet the visitor', async ({
    page,
    context,
    request,
  }) => {
    const { user, token } = await signUpViaApi(request, { name: 'Arjun Othertab' });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await liveScripts(page)).toEqual([]);
    const other = await context.newPage();
    await other.goto('/about');
    await other.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    await expect(page.getByRole('banner').getByText(`Welcome ${user.name}`)).toBeVisible();
    await other.close();
  });

  test('a toast carried from the last page shows at once, untouched', async ({ page }) => {
    // What lib/toast.ts leaves in session storage before a full page load.
    await page.addInitScript((key) => {
      if (window.location.protocol !== 'http:' || sessionStorage.getItem('e2e-toast-seeded')) return;
      sessionStorage.setItem('e2e-toast-seeded', '1');
      sessionStorage.setItem(key, JSON.stringify([{ kind: 'success', message: 'Carried across pages' }]));
    }, CARRIED_TOASTS_KEY);
    await page.goto('/about');
    await expectToast(page, 'Carried across pages', 'success');
  });

  test('what is typed into the request form before the page is live is kept', async ({ page }) => {
    const react = await holdBackReact(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Repair request' });
    await form.getByLabel('Full Name').fill('Typed Before Live');
    await form.getByLabel('Phone Number').fill('+91 98765 43210');
    await form.getByLabel('Urgency').selectOption('Urgent');
    react.release();
    // Live: the catalogue has loaded into the form.
    await expect(form.getByLabel('Main Category')).toBeEnabled();
    await expect(form.getByLabel('Full Name')).toHaveValue('Typed Before Live');
    await expect(form.getByLabel('Phone Number')).toHaveValue('+91 98765 43210');
    await expect(form.getByLabel('Urgency')).toHaveValue('Urgent');
    // And the form holds them, not just the page: submitting flags only the fields left empty.
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Phone Number')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a click on Login before the page is live is held and opens the dialog once it is', async ({ page }) => {
    const react = await holdBackReact(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    // A wait longer than a moment says so (a tap on a phone shows no busy pointer).
    await expect(page.getByRole('status').filter({ hasText: 'Getting ready…' })).toBeVisible();
    react.release();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Getting ready…')).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  // An audit of a phone on a slow line: once the page was live, the tap on Start Remote Session
  // showed nothing for seconds while the sign-up form's code arrived, and a tap meanwhile was lost.
  test('a tap that waits for the sign-up form’s code says it is getting ready', async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/auth-dialog-view-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await openHomeLive(page);
    await page.getByRole('button', { name: 'Start Remote Session' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Getting ready…' })).toBeVisible();
    release();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Getting ready…')).toHaveCount(0);
  });

  test.describe('when the sign-in form’s code cannot load', () => {
    test.use({ allowConsoleErrors: CODE_LOAD_FAILURE_LOGS });

    test('the page stays, and says what to do', async ({ page }) => {
      await page.route('**/assets/auth-dialog-view-*.js', (route) => route.abort());
      await openHomeLive(page);
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'The sign-in form could not load. Check your connection and reload the page.' }),
      ).toBeVisible();
      await expect(page.getByText('Getting ready…')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[0].h1);
      await page.getByRole('form', { name: 'Repair request' }).getByLabel('Full Name').fill('Still here');
      await expect(page.getByRole('form', { name: 'Repair request' }).getByLabel('Full Name')).toHaveValue(
        'Still here',
      );
    });
  });

  test.describe('when the phone menu’s code cannot load', () => {
    test.use({ viewport: { width: 390, height: 844 }, allowConsoleErrors: CODE_LOAD_FAILURE_LOGS });

    test('the page stays, and says what to do', async ({ page }) => {
      await page.route('**/assets/mobile-menu-*.js', (route) => route.abort());
      await page.goto('/about');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'The menu could not load. Check your connection and reload the page.' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[3].h1);
    });
  });

  test.describe('when the page cannot load its scripts', () => {
    test.use({ allowConsoleErrors: CODE_LOAD_FAILURE_LOGS });

    test('a pressed button says so, and the links still work', async ({ page }) => {
      await page.route('**/assets/vendor-*.js', (route) => route.abort());
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'This page could not finish loading' })).toBeVisible();
      await expect(page.getByText('Getting ready…')).toHaveCount(0);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
      await expect(page).toHaveURL('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[3].h1);
    });
  });
});
