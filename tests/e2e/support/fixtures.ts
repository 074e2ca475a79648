import { createRequire } from 'node:module';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import type { AuthResponse, User } from '../../../src/shared/contracts/auth';

declare global {
  interface Window {
    axe: typeof Axe;
  }
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Playwright's trace recorder (`trace: 'retain-on-failure'`) evaluates its snapshot script in the
 * main world of every frame. In a `sandbox=""` frame (the admin's email preview) Chromium refuses it
 * and logs this, whenever a snapshot happens to be taken while the frame is open. It is the sandbox
 * holding against the test harness, not the page misbehaving.
 */
const TRACE_IN_SANDBOXED_FRAME =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

interface Options {
  /**
   * Console errors matching this pattern (or one of these) are tolerated. Only for tests that make
   * a request fail on purpose, where Chromium itself logs "Failed to load resource: ...". Page
   * errors (uncaught exceptions) are never tolerated.
   *
   * Give one pattern, or a one-element array: Playwright reads a two-element array whose second
   * item is an object (a RegExp is one) as a `[value, fixtureOptions]` tuple. Combine several
   * cases with `|` in one pattern.
   */
  allowConsoleErrors: RegExp | RegExp[];
}

interface Fixtures {
  failOnConsoleErrors: void;
}

export const test = base.extend<Options & Fixtures>({
  allowConsoleErrors: [[], { option: true }],

  // Every console error and uncaught exception in any page of the test's context fails the test.
  failOnConsoleErrors: [
    async ({ context, allowConsoleErrors }, use, testInfo) => {
      const problems: string[] = [];
      const allowed = Array.isArray(allowConsoleErrors) ? allowConsoleErrors : [allowConsoleErrors];
      context.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (allowed.some((re) => re.test(text))) return;
        if (TRACE_IN_SANDBOXED_FRAME.test(text) && msg.location().url === 'about:srcdoc') return;
        const { url, lineNumber } = msg.location();
        problems.push(`console.error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      context.on('weberror', (err) => {
        problems.push(`pageerror: ${err.error().stack ?? err.error().message}`);
      });
      await use();
      if (problems.length > 0) {
        await testInfo.attach('browser-errors', { body: problems.join('\n'), contentType: 'text/plain' });
      }
      expect(problems, 'the page logged console errors or threw').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

// The server's CSP (script-src 'self') refuses inline scripts, which is what addScriptTag({ path })
// injects. So axe is served from a same-origin URL that the test answers itself: the page's CSP
// stays exactly as in production.
const AXE_URL = '/__e2e__/axe.min.js';

/**
 * Runs axe-core in the page and fails on any violation, whatever its impact: a moderate one (a
 * heading level skipped, a page with no h1) is still a page a screen-reader user finds harder.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  await page.route(`**${AXE_URL}`, (route) => route.fulfill({ path: AXE_PATH, contentType: 'text/javascript' }));
  await page.addScriptTag({ url: AXE_URL });
  // axe reads the colours of the moment: a button enabled a moment ago may still be fading from its
  // disabled grey (the buttons' 150 ms transition). Finite transitions and animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const report = results.violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect(
    results.violations.map((v) => v.id),
    `axe found accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/**
 * The WCAG 2 contrast ratio of two CSS colours as Chromium paints them: each is resolved by the page
 * (any syntax it reads: oklch, color-mix, ...), drawn on a canvas and read back as sRGB. For what axe
 * cannot judge: a text on a gradient, or a control's border and a star's outline (WCAG 1.4.11).
 */
export async function contrastRatio(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ([x, y]) => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      if (!canvas) throw new Error('no canvas');
      const luminance = (colour: string) => {
        probe.style.color = colour;
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = getComputedStyle(probe).color;
        canvas.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = [...canvas.getImageData(0, 0, 1, 1).data].map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [l1, l2] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
      probe.remove();
      return (l1 + 0.05) / (l2 + 0.05);
    },
    [a, b] as const,
  );
}

/**
 * Eleven colours along an element's background gradient, first stop to last, mixed in oklab as
 * Tailwind's gradients are: what a text on it is read against, from one end to the other.
 */
export async function gradientSamples(element: Locator): Promise<string[]> {
  const image = await element.evaluate((el) => getComputedStyle(el).backgroundImage);
  const stops = image.match(/(?:oklch|oklab|rgba?|color)\([^)]*\)/g) ?? [];
  const [from, to] = [stops[0], stops.at(-1)];
  if (!from || !to || stops.length < 2) throw new Error(`no gradient on the element: ${image}`);
  return Array.from({ length: 11 }, (_, i) => `color-mix(in oklab, ${from}, ${to} ${i * 10}%)`);
}

/**
 * What the browser logs when a part of the app's code cannot load (the tests abort its chunk): for
 * `allowConsoleErrors` in the tests of those failures.
 */
export const CODE_LOAD_FAILURE_LOGS =
  /Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module/;

/** A toast (sonner) in the notifications region, by its text. */
export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });

/**
 * A toast with this text is shown, and it is of the given kind (success, error, ...). One assertion
 * for both: on a loaded machine a toast found visible had expired before a second look at its kind.
 */
export async function expectToast(page: Page, text: string | RegExp, kind: 'success' | 'error' | 'info' | 'warning') {
  await expect(toast(page, text).and(page.locator(`[data-type="${kind}"]`))).toBeVisible();
}

/**
 * The superadmin that start-server.mjs creates. Repeated here rather than imported: importing
 * that module would start a second server.
 */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password-123' } as const;

let accounts = 0;
/** An email no other test (or earlier run against the same database) has used. */
export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}.${Date.now()}.${process.pid}.${++accounts}.${Math.random().toString(36).slice(2, 8)}@example.com`;

export interface ApiAccount {
  user: User;
  token: string;
  password: string;
}

/** Creates a customer account through the real API (for tests that are not about signing up). */
export async function signUpViaApi(
  request: APIRequestContext,
  overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {},
): Promise<ApiAccount> {
  const body = {
    name: 'Priya Sharma',
    phone: '+91 98765 43210',
    email: uniqueEmail(),
    password: 'correct-horse-battery-42',
    ...overrides,
  };
  const res = await request.post('/api/signup', { data: body });
  expect(res.status(), `signup failed: ${await res.text()}`).toBe(201);
  const { user, token } = (await res.json()) as AuthResponse;
  return { user, token, password: body.password };
}

/**
 * Starts the page signed in: puts the token in localStorage before the app's own scripts run.
 * Call before the first navigation. The token is set once per tab, so a Logout stays logged out
 * across reloads.
 */
export async function loginInBrowser(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (window.location.protocol !== 'http:') return; // about:blank and friends have no storage
    if (sessionStorage.getItem('e2e-token-seeded')) return;
    sessionStorage.setItem('e2e-token-seeded', '1');
    localStorage.setItem('token', t);
  }, token);
}

/** Presses Enter on a control, as a keyboard user would reach and press it. */
export async function pressEnter(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}
