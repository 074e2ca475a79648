import type { Locator, Page } from '@playwright/test';
import { expect, expectToast, loginInBrowser, pressEnter, signUpViaApi, test, toast } from './support/fixtures';
import { openDashboard, ticketCard, ticketItems } from './support/customer';
import { bookTicketViaApi, openAdmin, openTab, runId, SUB } from './support/staff';
import { PAGE_SIZE } from '../../src/shared/contracts/tickets';
import { CARRIED_TOASTS_KEY } from '../../src/web/lib/page-state-keys';

const PAGE = PAGE_SIZE.default;

// With the keyboard only (and a screen reader in mind): where the focus goes after a list grows or an
// edit is left, and whether the focus can be seen where the keyboard takes it (the toasts).

/**
 * Whether the focused element shows a focus indicator that can be seen (WCAG 2.4.7, and 1.4.11's
 * 3:1 for it): an outline, or a box-shadow ring (no offset, no blur), whose colour, laid over the
 * white page, has at least 3:1 contrast against it. The app's own ring (2 px, blue-600) passes.
 */
function focusIndicatorContrast(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const cs = getComputedStyle(el);
    const rgba = (s: string) => (s.match(/[\d.]+/g) ?? []).map(Number);
    const contrastOnWhite = (color: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = rgba(color);
      const lin = (c: number) => {
        const v = (c * a + 255 * (1 - a)) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      return 1.05 / (l + 0.05);
    };
    const candidates: number[] = [];
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) {
      candidates.push(contrastOnWhite(cs.outlineColor));
    }
    const ring = /(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/g;
    for (const m of cs.boxShadow.matchAll(ring)) {
      if (parseFloat(m[2]!) >= 1) candidates.push(contrastOnWhite(m[1]!));
    }
    return Math.max(0, ...candidates);
  });
}

test.describe('keyboard: Load more', () => {
  test('when it loads the last page, the focus goes to the first ticket it loaded, on screen, not back to the whole list', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const customer = await signUpViaApi(request);
    const run = runId();
    // One more than the dashboard's page: the oldest comes with Load more.
    for (let i = 0; i <= PAGE; i++) await bookTicketViaApi(request, `Paged by keyboard ${i} (${run})`, customer);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    await expect(ticketItems(page)).toHaveCount(PAGE);

    const more = page.getByRole('button', { name: 'Load more' });
    await pressEnter(page, more);
    await expect(ticketItems(page)).toHaveCount(PAGE + 1);
    await expect(more).toHaveCount(0);

    // Not the <div> around all the tickets (its top far above the screen), where a screen reader
    // would start again at the newest ticket.
    const loaded = ticketCard(page, `Paged by keyboard 0 (${run})`);
    await expect.poll(() => loaded.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect(page.locator(':focus')).toBeInViewport();
  });
});

test.describe('keyboard: the notifications (Alt+T)', () => {
  test('Alt+T takes the focus to the toasts, and they show where the focus is, on the list and on a toast', async ({
    page,
    request,
  }) => {
    await openDashboard(page, request);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await pressEnter(page, page.getByRole('button', { name: 'Edit Profile' }));
    await pressEnter(page, page.getByRole('button', { name: 'Save' }));
    await expectToast(page, 'Profile updated successfully!', 'success');

    // SPEC.md §9: "Alt+T focuses the toasts".
    await page.keyboard.press('Alt+KeyT');
    const list = page.getByRole('region', { name: /^Notifications/ }).getByRole('list');
    await expect(list).toBeFocused();
    // The list has no height of its own: its toasts show where the focus is.
    const item = toast(page, 'Profile updated successfully!');
    expect(
      await focusIndicatorContrast(item),
      'the toasts of the focused list show a focus indicator',
    ).toBeGreaterThanOrEqual(3);

    await page.keyboard.press('Tab');
    await expect(item).toBeFocused();
    // Not only sonner's 2 px ring of 20 % black (about 1.6:1 on the page).
    expect(await focusIndicatorContrast(item), 'the focused toast shows a focus indicator').toBeGreaterThanOrEqual(3);
  });
});

test.describe('screen readers: the notifications region', () => {
  // A live region is read out when something is added to it, and only if the browser has already
  // put the region in its accessibility tree: a region that arrives with its first message may say
  // nothing. Records when the region and the first toast enter the page.
  async function watchNotifications(page: Page) {
    await page.addInitScript(() => {
      const seen: { region?: number; toast?: number } = {};
      (window as unknown as { notifications: typeof seen }).notifications = seen;
      new MutationObserver(() => {
        seen.region ??= document.querySelector('section[aria-live][aria-label^="Notifications"]')
          ? performance.now()
          : undefined;
        seen.toast ??= document.querySelector('[data-sonner-toast]') ? performance.now() : undefined;
      }).observe(document, { childList: true, subtree: true });
    });
    return () =>
      page.evaluate(() => (window as unknown as { notifications: { region?: number; toast?: number } }).notifications);
  }

  test('the region is in the page before any toast is raised', async ({ page, request }) => {
    const seen = await watchNotifications(page);
    await openDashboard(page, request);
    await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
    expect((await seen()).toast, 'no toast was raised').toBeUndefined();
  });

  test('a toast raised as the page starts waits until its region has settled', async ({ page, request }) => {
    const seen = await watchNotifications(page);
    // A toast carried from the last page is the first thing the new one shows.
    await page.addInitScript((key) => {
      if (window.location.protocol === 'http:' && !sessionStorage.getItem('e2e-carried')) {
        sessionStorage.setItem('e2e-carried', '1');
        sessionStorage.setItem(key, JSON.stringify([{ kind: 'success', message: 'Carried over' }]));
      }
    }, CARRIED_TOASTS_KEY);
    await openDashboard(page, request);
    await expectToast(page, 'Carried over', 'success');
    const { region, toast: first } = await seen();
    expect(region).toBeDefined();
    expect(first! - region!, 'ms between the region entering the page and its first toast').toBeGreaterThanOrEqual(90);
  });
});

test.describe('keyboard: editing a service', () => {
  test("Cancel on a service's edit form gives the focus back to that service's Edit button", async ({
    page,
    request,
  }) => {
    // A seeded sub-service, left as it is (Cancel): the catalogue other tests read does not change.
    const name = SUB;
    await openAdmin(page, request);
    const panel = await openTab(page, 'Services');
    const edit = panel.getByRole('button', { name: `Edit ${name}` });
    await expect(edit).toBeVisible();
    await pressEnter(page, edit);
    const form = panel.getByRole('form', { name: 'Edit service' });
    await expect(form.getByLabel('Name')).toBeFocused();

    await pressEnter(page, form.getByRole('button', { name: 'Cancel' }));
    await expect(panel.getByRole('form', { name: 'Add service' })).toBeVisible();
    // Not the empty Add form's Name at the top of the tab: the admin keeps their place in the list.
    await expect(edit).toBeFocused();
  });
});
