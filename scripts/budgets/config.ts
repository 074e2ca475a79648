import { CHROMIUM_FLAGS } from '../chromium.js';

/** The page budgets' settings: Chromium's flags (scripts/chromium.ts, with Lighthouse's headless mode), the superadmin, the Lighthouse runs and the targets. */

export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
export const ADMIN = { email: 'budgets-admin@remotefix.test', password: 'budgets-admin-password-1' };
export const LIGHTHOUSE_RUNS = 3;

export const TARGETS = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1500,
  axeViolations: 0,
} as const;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
