/**
 * Debian's Chromium (Playwright's own browser download cannot work on these machines) and the flags
 * every tool here starts it with: the browser tests, the page budgets and the screenshot script. Each
 * adds its own headless flag (Playwright `--headless`, Lighthouse `--headless=new`).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
