import type { Page } from '@playwright/test';
import { PAGE_META } from '../../src/shared/seo';
import { CARRIED_TOASTS_KEY, TOKEN_KEY } from '../../src/web/lib/page-state-keys';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
} from './support/fixtures';

const PAGES = [
  { path: '/', h1: 'Your computer, fixed remotely in minutes' },
  { path: '/service', h1: 'Everything we fix, remotely' },
  { path: '/how-it-works', h1: 'Expert help without leaving your desk' },
  { path: '/about', h1: 'Repair that comes to you' },
  { path: '/contact', h1: 'Talk to a real engineer' },
] as const;

const titleOf = (path: string) => {
  const meta = PAGE_META[path];
  if (!meta) throw new Error(`no PAGE_META for ${path}`);
  return meta.title;
};

interface Catalogue {
  main: { id: string; name: string }[];
  sub: Map<string, string[]>;
}

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

/** Serves React (the vendor chunk) 1.5 s late; the function returned says whether it has been served. */
async function holdBackReact(page: Page): Promise<() => boolean> {
  let served = false;
  await page.route('**/assets/vendor-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
    served = true;
  });
  return () => served;
}

async function fetchCatalogue(page: Page): Promise<Catalogue> {
  const res = await page.request.get('/api/admin/services/main');
  expect(res.ok()).toBe(true);
  const { mainServices } = (await res.json()) as { mainServices: { id: string; name: string }[] };
  const sub = new Map<string, string[]>();
  for (const m of mainServices) {
    const r = await page.request.get(`/api/admin/services/${m.id}/sub`);
    expect(r.ok()).toBe(true);
    sub.set(
      m.id,
      ((await r.json()) as { subServices: { name: string }[] }).subServices.map((s) => s.name),
    );
  }
  return { main: mainServices, sub };
}

test.describe('marketing pages', () => {
  for (const { path, h1 } of PAGES) {
    test(`${path} has its own title, one visible h1 and no serious a11y violations`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(titleOf(path));
      const headings = page.getByRole('heading', { level: 1 });
      await expect(headings).toHaveCount(1);
      await expect(headings).toBeVisible();
      await expect(headings).toHaveText(h1);
      // The server wrote the page's own description too (not the template's placeholder).
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', PAGE_META[path]!.description);
      // Let async content (catalogue cards, lazy chunks) render before auditing.
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('every marketing page has a distinct title', () => {
    const titles = PAGES.map((p) => titleOf(p.path));
    expect(new Set(titles).size).toBe(PAGES.length);
  });

  test('header links load each page, rendered by the server, and update the title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(titleOf('/'));
    const mainNav = page.getByRole('navigation', { name: 'Main' });

    for (const { label, path, h1 } of [
      { label: 'Services', path: '/service', h1: PAGES[1].h1 },
      { label: 'How It Works', path: '/how-it-works', h1: PAGES[2].h1 },
      { label: 'About', path: '/about', h1: PAGES[3].h1 },
      { label: 'Contact', path: '/contact', h1: PAGES[4].h1 },
    ]) {
      const link = mainNav.getByRole('link', { name: label, exact: true });
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(titleOf(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(link).toHaveAttribute('aria-current', 'page');
    }

    await page.getByRole('banner').getByRole('link', { name: 'RemoteFix home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle(titleOf('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[0].h1);
  });

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

  test('scrolling to the live catalogue makes the page live and shows the services', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await liveScripts(page)).toEqual([]);
    const services = page.locator('#services');
    await services.scrollIntoViewIfNeeded();
    await expect(services.getByRole('heading', { level: 3, name: 'Hardware Diagnostics' })).toBeVisible();
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
    // Hold React back, so the typing surely comes first.
    const vendorServed = await holdBackReact(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Repair request' });
    await form.getByLabel('Full Name').fill('Typed Before Live');
    await form.getByLabel('Phone Number').fill('+91 98765 43210');
    await form.getByLabel('Urgency').selectOption('Urgent');
    expect(vendorServed()).toBe(false);
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
    // Hold React back, so the click surely comes first.
    const vendorServed = await holdBackReact(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    expect(vendorServed()).toBe(false);
    // A wait longer than a moment says so (a tap on a phone shows no busy pointer).
    await expect(page.getByRole('status').filter({ hasText: 'Getting ready…' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Getting ready…')).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  test.describe('when the page cannot load its scripts', () => {
    test.use({
      allowConsoleErrors:
        /Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module/,
    });

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

  test('from the dashboard, header links move to a marketing page in place (no page load)', async ({ page }) => {
    await page.goto('/dashboard');
    // A full page load would wipe this marker; the app's router keeps it.
    await page.evaluate(() => {
      (window as unknown as { spaMarker: string }).spaMarker = 'still here';
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(page).toHaveTitle(titleOf('/about'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[3].h1);
    expect(await page.evaluate(() => (window as unknown as { spaMarker?: string }).spaMarker)).toBe('still here');
  });

  test('Learn More in the hero goes to How It Works', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL('/how-it-works');
    await expect(page).toHaveTitle(titleOf('/how-it-works'));
  });

  test('the footer shows service hours, 24/7 emergency support and contact details', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Monday-Friday 9:00 AM to 6:00 PM');
    await expect(footer).toContainText(/24\/7 emergency/i);
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
    await expect(footer.getByRole('navigation', { name: 'Support' }).getByRole('link')).toHaveText([
      'Services',
      'How It Works',
      'About & Fees',
      'Contact',
      'Request a Repair',
    ]);
  });

  test('Call Now is a tel: link to the support phone number', async ({ page }) => {
    await page.goto('/');
    const callNow = page.getByRole('banner').getByRole('link', { name: 'Call Now' });
    await expect(callNow).toBeVisible();
    const href = await callNow.getAttribute('href');
    expect(href).toMatch(/^tel:\+?\d{7,15}$/);
    // Same number as the one printed in the footer.
    const footerPhone = page.getByRole('contentinfo').getByRole('link', { name: /^\+?[\d\s()-]{7,}$/ });
    const printed = (await footerPhone.textContent()) ?? '';
    expect(href).toBe(`tel:${printed.replace(/[^+\d]/g, '')}`);
    await expect(footerPhone).toHaveAttribute('href', href!);
  });

  test('/about shows both fees and their terms', async ({ page }) => {
    await page.goto('/about');
    const fees = page.getByRole('region', { name: 'Our fees' });
    await expect(fees.getByText('₹99', { exact: true })).toBeVisible();
    await expect(fees.getByText('₹299', { exact: true })).toBeVisible();
    await expect(fees).toContainText(/non-refundable/i);
    await expect(fees).toContainText(/exclusive of (applicable )?taxes/i);
  });

  test('/service lists the sub-services of every seeded category', async ({ page }) => {
    const catalogue = await fetchCatalogue(page);
    expect(catalogue.main.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Hardware Diagnostics', 'Virus & Malware Removal']),
    );
    expect(catalogue.main).toHaveLength(6);

    await page.goto('/service');
    for (const main of catalogue.main) {
      const subs = catalogue.sub.get(main.id) ?? [];
      expect(subs.length, `${main.name} has sub-services`).toBeGreaterThan(0);
      const heading = page.getByRole('heading', { level: 3, name: main.name, exact: true });
      await expect(heading).toBeVisible();
      // The card is the heading's parent: its list holds exactly this category's sub-services.
      const card = heading.locator('xpath=..');
      await expect(card.getByRole('listitem')).toHaveText(subs);
    }
    await expect(page.getByText('Laptop Not Turning On', { exact: true })).toBeVisible();
    await expect(page.getByText('Ransomware Assistance', { exact: true })).toBeVisible();
  });
});
