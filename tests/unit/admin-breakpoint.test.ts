import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_MOBILE_BREAKPOINT_PX } from '../../src/shared/product.js';

// SPEC.md §9's admin breakpoint is a constant in src/shared and, for the layout, Tailwind's `sm`
// breakpoint in styles.css (the admin cards below it, the table from it): the two must agree.
describe('the admin layout breakpoint', () => {
  it('is the stylesheet’s sm breakpoint', () => {
    const styles = readFileSync(join(import.meta.dirname, '../../src/web/styles.css'), 'utf8');
    const rem = /--breakpoint-sm:\s*([\d.]+)rem/.exec(styles)?.[1];
    expect(Number(rem) * 16).toBe(ADMIN_MOBILE_BREAKPOINT_PX);
  });
});
