/** axe-core on every page and every dashboard tab for every role (Playwright + Chromium): the pages, and running it. */
import { createRequire } from 'node:module';
import { chromium, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import type { Accounts } from './accounts.js';
import { running } from './cleanup.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_URL = '/__budgets__/axe.min.js';

declare global {
  interface Window {
    axe: typeof Axe;
  }
}

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
export const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

export interface AxeRow {
  page: string;
  role: string;
  url: string;
  counts: Record<Impact, number>;
  violations: { id: string; impact: string; help: string; nodes: string[] }[];
  error?: string;
}

interface Check {
  page: string;
  role: 'visitor' | 'customer' | 'engineer' | 'admin';
  /** Brings the page to the state to check. */
  open(page: Page, base: string): Promise<void>;
}

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  // Let React finish the render that the last response started, and any entry animation.
  await page.waitForTimeout(400);
};

const visit = (path: string, heading?: RegExp | string) => async (page: Page, base: string) => {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (heading) await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  await settle(page);
};

const tab = (path: string, name: string) => async (page: Page, base: string) => {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
  await settle(page);
};

const CHECKS: Check[] = [
  { page: 'Home /', role: 'visitor', open: visit('/') },
  {
    // A first visit stays as the server rendered it until a control is reached for (lib/page-boot.ts):
    // check it live too, with the catalogue loaded.
    page: 'Home / once live',
    role: 'visitor',
    async open(page, base) {
      await visit('/')(page, base);
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).first().hover();
      await page.locator('#services').scrollIntoViewIfNeeded();
      await page.locator('#services h3').first().waitFor();
      await settle(page);
    },
  },
  { page: 'Services /service', role: 'visitor', open: visit('/service') },
  { page: 'How it works /how-it-works', role: 'visitor', open: visit('/how-it-works') },
  { page: 'About /about', role: 'visitor', open: visit('/about') },
  { page: 'Contact /contact', role: 'visitor', open: visit('/contact') },
  { page: '404 /no-such-page', role: 'visitor', open: visit('/no-such-page') },
  {
    page: 'Login dialog',
    role: 'visitor',
    async open(page, base) {
      await visit('/')(page, base);
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).first().click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
    },
  },
  { page: 'Dashboard: My Tickets', role: 'customer', open: tab('/dashboard', 'My Tickets') },
  { page: 'Dashboard: Profile', role: 'customer', open: tab('/dashboard', 'Profile') },
  {
    page: 'Dashboard: New Ticket form',
    role: 'customer',
    async open(page, base) {
      await tab('/dashboard', 'My Tickets')(page, base);
      await page.getByRole('button', { name: 'New Ticket' }).click();
      await settle(page);
    },
  },
  { page: 'Engineer dashboard', role: 'engineer', open: visit('/dashboard') },
  { page: 'Admin: All Tickets', role: 'admin', open: tab('/admin', 'All Tickets') },
  { page: 'Admin: All Users', role: 'admin', open: tab('/admin', 'All Users') },
  { page: 'Admin: Contact Requests', role: 'admin', open: tab('/admin', 'Contact Requests') },
  { page: 'Admin: Services', role: 'admin', open: tab('/admin', 'Services') },
  {
    page: 'Database viewer /admin-prisma (tickets)',
    role: 'admin',
    async open(page, base) {
      await page.goto(`${base}/admin-prisma`, { waitUntil: 'networkidle' });
      const select = page.getByLabel('Model');
      await page.waitForFunction(() => (document.querySelector('select')?.options.length ?? 0) > 1);
      const values = await select
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      await select.selectOption(values.includes('tickets') ? 'tickets' : values.find(Boolean)!);
      await page.getByText(/Showing \d+ records?|No records found/).waitFor();
      await settle(page);
    },
  },
];

export async function runAxe(base: string, accounts: Accounts): Promise<AxeRow[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS, // Playwright adds its own headless flag
  });
  running.browser = browser;
  const rows: AxeRow[] = [];
  try {
    for (const check of CHECKS) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const token = check.role === 'visitor' ? undefined : accounts[check.role];
      if (token) {
        await context.addInitScript((t) => {
          if (window.location.protocol === 'http:') localStorage.setItem('token', t);
        }, token);
      }
      // The CSP allows scripts from this origin only: axe is served at a same-origin URL answered here.
      await context.route(`**${AXE_URL}`, (route) => route.fulfill({ path: AXE_PATH, contentType: 'text/javascript' }));
      const page = await context.newPage();
      const row: AxeRow = {
        page: check.page,
        role: check.role,
        url: '',
        counts: { critical: 0, serious: 0, moderate: 0, minor: 0 },
        violations: [],
      };
      try {
        await check.open(page, base);
        row.url = page.url().replace(base, '');
        await page.addScriptTag({ url: AXE_URL });
        const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
        for (const v of results.violations) {
          const impact = (v.impact ?? 'minor') as Impact;
          row.counts[impact] += 1;
          row.violations.push({ id: v.id, impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) });
        }
      } catch (err) {
        row.error = (err as Error).message.split('\n')[0];
      }
      rows.push(row);
      await context.close();
    }
  } finally {
    await browser.close();
    running.browser = undefined;
  }
  return rows;
}
