// Pages in browser contexts of their own (separate local storage, so separate sessions) for the
// tests where several people act at once: the customer, the engineer, the admin.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { watchErrors } from './staff';

/**
 * Call in a describe block: answers `ownPage(browser, options?)`, a page in a new context (`baseURL`
 * in the options points it at another server). After each test
 * every such context is closed, and any console error or uncaught exception in one fails the test.
 */
export function ownPages(): (browser: Browser, options?: BrowserContextOptions) => Promise<Page> {
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(problems.splice(0), 'a page of its own logged console errors or threw').toEqual([]);
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    watchErrors(context, problems);
    contexts.push(context);
    return context.newPage();
  };
}
