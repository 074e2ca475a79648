import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../src/server/lib/script-json.js';

// The catalogue and the public config go into the page as JSON in a <script type="application/json">
// block (plugins/web.ts); an admin names the services, so a name must not be able to end the block.
describe('scriptJson', () => {
  const hostile = {
    name: '</script><script>alert(1)</script>',
    comment: '<!-- <script>',
    lines: 'one\u2028two\u2029three',
    plain: 'Virus & Malware Removal "quoted"',
  };

  it('writes no "<" and no U+2028 or U+2029 into the page', () => {
    const json = scriptJson(hostile);
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(json).toContain('\\u003c/script>');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(scriptJson(hostile))).toEqual(hostile);
  });
});
