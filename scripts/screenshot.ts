// Usage: npx tsx scripts/screenshot.ts <url> <out.png> [width] [height] [fullPage]
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';

const [url, out, width = '1280', height = '800', full = 'true'] = process.argv.slice(2);
if (!url || !out) throw new Error('Usage: npx tsx scripts/screenshot.ts <url> <out.png> [width] [height] [fullPage]');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
page.on('pageerror', (e) => console.error('pageerror:', e.message));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: full === 'true' });
await browser.close();
