import { contrastRatio, expect, expectNoA11yViolations, test } from './support/fixtures';
import { bookTicketViaApi, openAdmin, recordRequests, runId } from './support/staff';

const openReports = async (page: import('@playwright/test').Page) => {
  const tab = page.getByRole('tab', { name: 'Reports' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: 'Reports' });
};

test.describe('the Reports tab', () => {
  test('loads the chart code only on the tab, and draws today’s bookings', async ({ page, request }) => {
    await bookTicketViaApi(request, `Report ${runId()}: the fan is loud`);
    const charts = recordRequests(page, /report-charts.*\.js$/);
    await openAdmin(page, request);
    // The page holds its live event stream open, so the network is never idle: wait for the list.
    await expect(page.getByRole('tabpanel', { name: 'All Tickets' }).getByRole('row').nth(1)).toBeVisible();
    expect(charts).toHaveLength(0);

    const panel = await openReports(page);
    await panel.getByRole('button', { name: 'Today' }).click();
    await expect(panel.getByRole('paragraph').filter({ hasText: /^Booked$/ })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Bookings and revenue per day' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Minutes to assign and to complete' })).toBeVisible();
    await expect(panel.locator('.recharts-surface').first()).toBeVisible();
    expect(charts.length).toBeGreaterThan(0);
    await expectNoA11yViolations(page);

    // Each chart, reachable by keyboard, is named by its title; its legend's words read at 4.5:1 and
    // its bars and lines stand out 3:1 from the card (WCAG 1.4.3 and 1.4.11), which axe cannot judge.
    for (const name of ['Bookings and revenue per day', 'Tickets by status', 'Minutes to assign and to complete']) {
      await expect(panel.getByRole('application', { name })).toBeVisible();
    }
    const legendTexts = await panel
      .locator('.recharts-legend-item-text')
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).color));
    expect(legendTexts.length).toBeGreaterThan(0);
    for (const colour of legendTexts) expect(await contrastRatio(page, colour, 'white')).toBeGreaterThanOrEqual(4.5);
    const marks = await panel
      .locator('.recharts-bar-rectangle path, .recharts-line-curve')
      .evaluateAll((paths) => [
        ...new Set(paths.map((p) => getComputedStyle(p)[p.getAttribute('fill') === 'none' ? 'stroke' : 'fill'])),
      ]);
    expect(marks.length).toBeGreaterThan(1);
    for (const colour of marks) expect(await contrastRatio(page, colour, 'white'), colour).toBeGreaterThanOrEqual(3);
  });

  test('a range with nothing in it shows an empty state, and a reversed range says why', async ({ page, request }) => {
    await openAdmin(page, request);
    const panel = await openReports(page);
    await panel.getByLabel('From').fill('2020-01-01');
    await panel.getByLabel('To').fill('2020-01-03');
    await expect(panel.getByText('Nothing in this range')).toBeVisible();
    await expect(panel.locator('.recharts-surface')).toHaveCount(0);
    // The range is kept in the address: a reload shows the same report.
    await expect(page).toHaveURL(/[?&]from=2020-01-01&to=2020-01-03$/);
    await page.reload();
    const again = page.getByRole('tabpanel', { name: 'Reports' });
    await expect(again.getByLabel('From')).toHaveValue('2020-01-01');
    await expect(again.getByLabel('To')).toHaveValue('2020-01-03');
    await expect(again.getByText('Nothing in this range')).toBeVisible();

    await again.getByLabel('From').fill('2020-02-01');
    await expect(again.getByText('The start must not be after the end')).toBeVisible();
    // A range the report refuses is not written to the address.
    await expect(page).toHaveURL(/[?&]from=2020-01-01&to=2020-01-03$/);
    // The message under From does not move To out of line.
    const fromTop = (await again.getByText('From', { exact: true }).boundingBox())?.y;
    const toTop = (await again.getByText('To', { exact: true }).boundingBox())?.y;
    expect(toTop).toBe(fromTop);
  });

  // The address took any YYYY-MM-DD: 2026-02-30 was asked for, refused by the server, and the page
  // offered a Try again that could never work (found by an audit).
  test('a range in the address that is no date, or out of the years a report takes, shows the last 30 days', async ({
    page,
    request,
  }) => {
    await openAdmin(page, request);
    for (const range of ['from=2026-02-30&to=2026-03-05', 'from=1999-12-01&to=1999-12-31']) {
      await page.goto(`/admin?tab=reports&${range}`);
      const panel = page.getByRole('tabpanel', { name: 'Reports' });
      await expect(panel.getByRole('button', { name: 'Last 30 days' })).toBeVisible();
      const [from, to] = await Promise.all(
        [panel.getByLabel('From'), panel.getByLabel('To')].map((f) => f.inputValue()),
      );
      expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(to!) - Date.parse(from!)).toBe(29 * 86_400_000);
      await expect(
        panel.getByText('Booked', { exact: true }).or(panel.getByText('Nothing in this range')).first(),
      ).toBeVisible();
      await expect(panel.getByText('We could not load the report.')).toHaveCount(0);
    }
  });

  test('fits a phone screen without sideways scrolling', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await bookTicketViaApi(request, `Report ${runId()}: phone view`);
    await openAdmin(page, request);
    const panel = await openReports(page);
    await panel.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(panel.locator('.recharts-surface').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
