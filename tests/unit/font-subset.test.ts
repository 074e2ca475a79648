import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_RANGE, codePoints, OUTPUT } from '../../scripts/subset-font';

const styles = readFileSync(join(import.meta.dirname, '../../src/web/styles.css'), 'utf8');
const faces = [...styles.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => ({
  src: /src:\s*url\('([^']+)'\)/.exec(body)?.[1] ?? '',
  range: /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.replace(/\s+/g, '') ?? '',
}));

describe('the Inter subset (scripts/subset-font.ts, src/web/styles.css)', () => {
  const core = faces.find((f) => f.src.endsWith('inter-core-wght.woff2'));
  const rest = faces.find((f) => f.src.endsWith('inter-latin-wght-normal.woff2'));

  it('declares the subset file for exactly the characters it was cut to', () => {
    expect(core?.range).toBe(CORE_RANGE);
    expect(existsSync(OUTPUT)).toBe(true);
  });

  it('leaves the rest of latin to the full file, with no character claimed by both', () => {
    const inCore = new Set(codePoints(CORE_RANGE));
    const restPoints = codePoints(rest?.range ?? '');
    expect(restPoints.length).toBeGreaterThan(100);
    expect(restPoints.filter((c) => inCore.has(c))).toEqual([]);
  });

  it('covers every character of the marketing copy it is meant for', () => {
    const inCore = new Set(codePoints(CORE_RANGE));
    for (const ch of 'RemoteFix — 24/7 “expert” help… © ’ · §')
      expect(inCore.has(ch.codePointAt(0) as number), ch).toBe(true);
  });
});
