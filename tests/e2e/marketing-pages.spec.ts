import type { Page } from '@playwright/test';
import { SEED_CATALOGUE } from '../../src/server/modules/catalogue/seed';
import { PAGE_META } from '../../src/shared/seo';
import { contrastRatio, expect, expectNoA11yViolations, gradientSamples, test } from './support/fixtures';
import { PAGES } from './support/marketing';

// What each marketing page says and links to. How the pages load (rendered by the server, made
// live only when needed) is marketing-hydration.spec.ts.

const titleOf = (path: string) => {
  const meta = PAGE_META[path];
  if (!meta) throw new Error(`no PAGE_META for ${path}`);
  return meta.title;
};

interface Catalogue {
  main: { id: string; name: string }[];
  sub: Map<string, string[]>;
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
    test(`${path} has its own title, one visible h1 and no a11y violations`, async ({ page }) => {
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
      await expectNoA11yViolations(page);
    });
  }

  // axe leaves a text on a gradient for a person to judge: this is that judgement, along the whole
  // width of the hero buttons (WCAG 1.4.3: 4.5:1 for their 16 to 18 px text).
  test('the gradient buttons’ white text reads at 4.5:1 from one end to the other', async ({ page }) => {
    for (const [path, button] of [
      ['/', page.getByRole('button', { name: 'Start Remote Session' })],
      ['/', page.getByRole('button', { name: 'Submit Request' })],
      ['/service', page.getByRole('main').getByRole('link', { name: 'Request a repair' })],
    ] as const) {
      await page.goto(path);
      await expect(button).toBeVisible();
      const text = await button.evaluate((el) => getComputedStyle(el).color);
      for (const background of await gradientSamples(button)) {
        expect(await contrastRatio(page, text, background), `${path}: ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

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

  test('from the dashboard, header links move to a marketing page in place (no page load)', async ({ page }) => {
    await page.goto('/dashboard');
    // A visitor is sent to / with the login dialog open: closed, the app's page stays.
    await expect(page).toHaveURL('/');
    await page.getByRole('dialog', { name: 'Welcome Back' }).press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
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

  test('the legal pages arrive rendered in the server HTML, each with its heading', async ({ request }) => {
    for (const [path, title] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/refund-policy', 'Refund and Cancellation Policy'],
    ] as const) {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    }
    const home = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    for (const path of ['/privacy', '/terms', '/refund-policy']) expect(home).toContain(`href="${path}"`);
  });

  test('the footer links to the Privacy Policy, Terms of Service and Refund and Cancellation Policy', async ({
    page,
  }) => {
    await page.goto('/');
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    for (const { label, path } of [
      { label: 'Privacy Policy', path: '/privacy' },
      { label: 'Terms of Service', path: '/terms' },
      { label: 'Refund and Cancellation Policy', path: '/refund-policy' },
    ]) {
      await legal.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(titleOf(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', PAGE_META[path]!.description);
    }
    // The fee terms: fixed, non-refundable, exclusive of taxes, extra charges by complexity.
    const main = page.getByRole('main');
    await expect(main).toContainText('₹99 ticket booking fee');
    await expect(main).toContainText('₹299 in-progress fee');
    await expect(main).toContainText('exclusive of applicable taxes');
    await expect(main).toContainText('non-refundable');
    await expect(main).toContainText('Complex repairs may carry extra charges');
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page);
  });

  test('Learn More in the hero goes to How It Works', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL('/how-it-works');
    await expect(page).toHaveTitle(titleOf('/how-it-works'));
  });

  test('Services ends with where to go next: a free callback, or a ticket after signing in', async ({ page }) => {
    await page.goto('/service');
    await page.getByRole('main').getByRole('link', { name: 'Request a repair' }).click();
    await expect(page).toHaveURL('/#request-form');
    await expect(page.getByRole('form', { name: 'Repair request' })).toBeInViewport();

    await page.goto('/service');
    await page.getByRole('main').getByRole('link', { name: 'Book a ticket' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
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
    // Other tests add categories of their own meanwhile (and delete them): the seeded ones are checked.
    const seeded = SEED_CATALOGUE.map((m) => m.name);
    expect(seeded).toHaveLength(6);
    expect(catalogue.main.map((m) => m.name)).toEqual(expect.arrayContaining(seeded));

    await page.goto('/service');
    for (const main of catalogue.main.filter((m) => seeded.includes(m.name))) {
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
