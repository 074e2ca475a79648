/**
 * Makes src/web/assets/fonts/inter-core-wght.woff2: Inter (the @fontsource-variable/inter latin
 * file) cut down to the characters the product's text is written in and the weights it uses
 * (400–800). 23 kB instead of 48 kB, the one font a first visit fetches before its first paint.
 * src/web/styles.css declares it for CORE_RANGE and the full latin file for the rest of latin, which
 * the browser fetches only for a page that shows such a character (a name with an accent, say).
 *
 * Run `npx tsx scripts/subset-font.ts` after changing CORE_RANGE (and the range in styles.css with
 * it: tests/unit/font-subset.test.ts checks they agree) or updating @fontsource-variable/inter.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = join(ROOT, 'src/web/assets/fonts/inter-core-wght.woff2');

/** Printable ASCII and the punctuation the copy uses (§ © · – — ‘ ’ “ ” • … ‹ › € ™, no-break space). */
export const CORE_RANGE =
  'U+0020-007E,U+00A0,U+00A7,U+00A9,U+00B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2039-203A,U+20AC,U+2122';
export const WEIGHTS = { min: 400, max: 800 };

/** The code points of a CSS unicode-range value. */
export function codePoints(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from as string, 16);
    const end = Number.parseInt(to as string, 16);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

async function main() {
  const source = readFileSync(
    createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  );
  const text = String.fromCodePoint(...codePoints(CORE_RANGE));
  const subset = await subsetFont(source, text, {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
  writeFileSync(OUTPUT, subset);
  console.log(`${OUTPUT}: ${subset.length} bytes (from ${source.length})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
