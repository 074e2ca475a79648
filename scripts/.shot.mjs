import { chromium } from '@playwright/test';
const [url, out, width, height, token, full = 'true'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const ctx = await browser.newContext({ viewport: { width: +width, height: +height } });
if (token) await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
const page = await ctx.newPage();
page.on('pageerror', (e) => console.error('pageerror:', e.message));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: full === 'true' });
await browser.close();
