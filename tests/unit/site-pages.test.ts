import { describe, expect, it } from 'vitest';
import { MARKETING_PATHS, PAGE_META } from '../../src/shared/seo.js';
import { SITE_PAGES } from '../../src/web/app/site-routes.js';

// Two lists name the marketing pages: the server's (PAGE_META: which addresses it serves, rendered)
// and the web app's (SITE_PAGES: what it renders and makes live there). A page in one only is served
// empty and made live as "Page Not Found", or works in the app but is a 404 when loaded directly.
describe('the marketing pages', () => {
  it('are the same in the server’s list and the web app’s', () => {
    expect(Object.keys(SITE_PAGES).sort()).toEqual([...MARKETING_PATHS].sort());
    for (const path of MARKETING_PATHS) expect(PAGE_META[path]?.marketing).toBe(true);
  });
});
