import type { APIRequestContext } from '@playwright/test';
import { startTwoInstances, type TwoInstances } from './support/built-instances';
import { E2E_ADMIN, expect, test } from './support/fixtures';
import { adminToken, auth, recordRequests, runId } from './support/staff';

// The service catalogue is in the HTML the server sends for / and /service (rendered again on every
// instance when an admin changes it), and the page's scripts start from the same catalogue: a
// visitor, a search engine and a browser without JavaScript read the services at once.

interface Catalogue {
  mainServices: { id: string; name: string }[];
  subServices: Record<string, { id: string; name: string }[]>;
}

async function fetchCatalogue(request: APIRequestContext, base = ''): Promise<Catalogue> {
  const { mainServices } = (await (await request.get(`${base}/api/admin/services/main`)).json()) as Catalogue;
  const subServices: Catalogue['subServices'] = {};
  for (const m of mainServices) {
    const res = await request.get(`${base}/api/admin/services/${m.id}/sub`);
    subServices[m.id] = ((await res.json()) as { subServices: { id: string; name: string }[] }).subServices;
  }
  return { mainServices, subServices };
}

/** The page as a crawler gets it: one plain request, no script run. */
async function serverHtml(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** A name as React writes it into the markup. */
const inHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** Which of `names` the HTML does not name as a card's heading (`<h3 …>name</h3>`) or, `anywhere`, at all. */
const missing = (html: string, names: string[], anywhere = false) =>
  names.filter((name) => !html.includes(anywhere ? inHtml(name) : `>${inHtml(name)}</h3>`));

/** The catalogue the page hands its scripts (the JSON block after #root). */
function seedOf(html: string): unknown {
  const json = /<script id="catalogue-seed" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

/** Polls the server HTML of `url` until `check` holds (the instance renders again in the background). */
async function untilHtml(request: APIRequestContext, url: string, check: (html: string) => boolean) {
  await expect.poll(async () => check(await serverHtml(request, url)), { timeout: 10_000 }).toBe(true);
}

test.describe('the catalogue in the server HTML', () => {
  test('/ and /service arrive with every service named, and hand the page the same catalogue', async ({ request }) => {
    const catalogue = await fetchCatalogue(request);
    expect(catalogue.mainServices.length).toBeGreaterThanOrEqual(6);
    const mains = catalogue.mainServices.map((m) => m.name);
    const subs = Object.values(catalogue.subServices).flatMap((list) => list.map((s) => s.name));
    const home = await serverHtml(request, '/');
    expect(missing(home, mains)).toEqual([]);
    const services = await serverHtml(request, '/service');
    expect(missing(services, mains)).toEqual([]);
    expect(missing(services, subs, true)).toEqual([]);
    // No placeholder where the services go: nothing on /service is waiting for data.
    expect(services).not.toMatch(/<div class="[^"]*animate-pulse/);
    expect(services).not.toContain('aria-busy="true"');
    for (const html of [home, services]) {
      const seed = seedOf(html) as Catalogue;
      expect(seed.mainServices).toEqual(expect.arrayContaining(catalogue.mainServices));
      for (const m of catalogue.mainServices) expect(seed.subServices[m.id]).toEqual(catalogue.subServices[m.id]);
    }
    // The other pages show no catalogue, and carry none.
    expect(seedOf(await serverHtml(request, '/about'))).toBeUndefined();
  });

  test('with JavaScript off, / and /service show the services', async ({ browser, request }) => {
    const catalogue = await fetchCatalogue(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const section = page.locator('#services');
    for (const m of catalogue.mainServices) {
      await expect(section.getByRole('heading', { level: 3, name: m.name, exact: true })).toBeVisible();
    }
    await page.goto('/service');
    for (const m of catalogue.mainServices) {
      const card = page.getByRole('heading', { level: 3, name: m.name, exact: true }).locator('xpath=..');
      await expect(card.getByRole('listitem')).toHaveText((catalogue.subServices[m.id] ?? []).map((s) => s.name));
    }
    await context.close();
  });

  for (const path of ['/', '/service']) {
    test(`${path} comes alive on the services it arrived with: no placeholder, no refetch, no hydration warning`, async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (/hydrat|did not match|minified react error #4(18|19|23|25)/i.test(msg.text())) warnings.push(msg.text());
      });
      const catalogueCalls = recordRequests(page, /^\/api\/admin\/services\//);
      await page.goto(path);
      const first = page.getByRole('heading', { level: 3, name: 'Hardware Diagnostics', exact: true });
      await expect(first).toBeVisible();
      // Pressing a button makes the page live (React hydrates it); the services stay as they were.
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.waitForLoadState('networkidle');
      await expect(first).toBeVisible();
      expect(await page.locator('[aria-busy="true"] .animate-pulse, .animate-pulse.h-48').count()).toBe(0);
      // The request form on / opens its categories from the same catalogue.
      if (path === '/') {
        const category = page.getByRole('form', { name: 'Repair request' }).getByLabel('Main Category');
        await category.scrollIntoViewIfNeeded();
        await expect(category.getByRole('option', { name: 'Hardware Diagnostics' })).toBeAttached();
        await category.selectOption({ label: 'Hardware Diagnostics' });
        await expect(
          page.getByRole('form', { name: 'Repair request' }).getByLabel('Subcategory').getByRole('option'),
        ).not.toHaveCount(1);
      }
      expect(catalogueCalls.map((r) => r.url())).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }

  test("an admin's change to a service is in the next visitor's HTML of / and /service", async ({ request }) => {
    const headers = auth(await adminToken(request));
    const run = runId();
    const name = `Console Repair ${run}`;
    const renamed = `Consoles & <Controllers> ${run}`;
    const created = await request.post('/api/admin/services', { headers, data: { name, parentId: null } });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { service: { id: string } }).service;
    try {
      await untilHtml(request, '/service', (html) => missing(html, [name]).length === 0);
      await untilHtml(request, '/', (html) => missing(html, [name]).length === 0);

      const edited = await request.patch(`/api/admin/services/${id}`, {
        headers,
        data: { name: renamed, parentId: null },
      });
      expect(edited.status()).toBe(200);
      await untilHtml(request, '/service', (html) => html.includes(inHtml(renamed)) && !html.includes(inHtml(name)));
      const html = await serverHtml(request, '/service');
      expect(missing(html, [renamed])).toEqual([]);
      // The seed is JSON in a script element: the name's "<" cannot end the element early.
      expect(html.includes('<Controllers>')).toBe(false);
      expect((seedOf(html) as Catalogue).mainServices).toContainEqual({ id, name: renamed });
    } finally {
      expect((await request.delete(`/api/admin/services/${id}`, { headers })).status()).toBe(200);
    }
    await untilHtml(request, '/service', (html) => !html.includes(inHtml(renamed)));
  });

  test('the pages are revalidated on every visit, so no HTTP cache keeps the old catalogue', async ({ request }) => {
    for (const path of ['/', '/service']) {
      const res = await request.get(path);
      expect(res.headers()['cache-control']).toBe('no-cache');
    }
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

test.describe('two instances on one PostgreSQL', () => {
  test.skip(!TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set: no PostgreSQL to run two instances on');
  test.describe.configure({ timeout: 180_000 });

  let two: TwoInstances | undefined;
  test.beforeAll(async () => {
    two = await startTwoInstances(TEST_DATABASE_URL as string);
  });
  test.afterAll(async () => two?.stop());

  test("a change made on one instance is in the other instance's HTML", async ({ request }) => {
    const { one, other } = two as TwoInstances;
    const catalogue = await fetchCatalogue(request, other.url);
    const main = catalogue.mainServices[0];
    if (!main) throw new Error('the seeded catalogue is empty');
    const renamed = `${main.name} ${runId()}`;
    const login = await request.post(`${one.url}/api/login`, { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect(missing(await serverHtml(request, `${other.url}/service`), [main.name])).toEqual([]);

    const edited = await request.patch(`${one.url}/api/admin/services/${main.id}`, {
      headers: auth(token),
      data: { name: renamed, parentId: null },
    });
    expect(edited.status()).toBe(200);
    for (const instance of [other, one]) {
      for (const path of ['/service', '/']) {
        await untilHtml(request, `${instance.url}${path}`, (html) => missing(html, [renamed]).length === 0);
      }
    }
    for (const instance of [one, other]) expect(instance.log()).not.toMatch(/"level":(50|60)/);
  });
});
