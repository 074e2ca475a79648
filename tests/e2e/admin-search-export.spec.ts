import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { completedTicketViaApi } from './support/completed-ticket';
import { expect, expectNoA11yViolations, signUpViaApi, test, type ApiAccount } from './support/fixtures';
import { bookTicketViaApi, createEngineerViaApi, openAdmin, reveal, runId } from './support/staff';

// The admin's search over All Tickets and its CSV export (DECISIONS.md §7.5, issue 29): by name,
// part of an email, a phone however it is spaced, a ticket number, with the status filter; the CSV
// holds what the list shows, read back as a spreadsheet reads it.

/** A word of letters only, unique to this run: names accept it, and no other test's data holds it. */
const uniqueWord = () => `Q${runId().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
/** Nine random digits after a 7: a phone number no other account has. */
const uniquePhone = () => {
  const digits = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { stored: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, digits };
};

const panelOf = (page: Page) => page.getByRole('tabpanel', { name: 'All Tickets' });
/** The table's rows of tickets (the header row has no cells). */
const ticketRows = (page: Page) =>
  panelOf(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** The list shows exactly the tickets with these descriptions (the search settles after a pause). */
async function expectOnly(page: Page, descriptions: string[]) {
  const rows = ticketRows(page);
  await expect(rows).toHaveCount(descriptions.length);
  for (const d of descriptions) await expect(rows.filter({ hasText: d })).toHaveCount(1);
}

async function search(page: Page, text: string) {
  await panelOf(page).getByRole('searchbox', { name: 'Search' }).fill(text);
}

const statusFilter = (page: Page): Locator => panelOf(page).getByLabel('Filter by status');

test.describe('All Tickets: search and CSV', () => {
  test('finds tickets by name, part of an email, a spaced phone and a number, with the status', async ({
    page,
    request,
  }) => {
    const zoya = uniqueWord();
    const arjun = uniqueWord();
    const phone = uniquePhone();
    const engineer = await createEngineerViaApi(request, `Search Engineer ${zoya}`);
    const customer = await signUpViaApi(request, {
      name: `Zoya ${zoya} Fernandes`,
      email: `zoya.${zoya.toLowerCase()}@example.com`,
      phone: phone.stored,
    });
    const pending = `Keyboard types the wrong letters (${zoya}).`;
    const done = `Webcam not detected (${zoya}).`;
    await bookTicketViaApi(request, pending, customer);
    await completedTicketViaApi(request, { description: done, engineer, customer });
    const other = await bookTicketViaApi(request, `Monitor flickers (${arjun}).`);
    const otherDescription = other.ticket.description;

    await openAdmin(page, request);
    await expect(ticketRows(page).first()).toBeVisible();

    await search(page, `Zoya ${zoya}`);
    await expectOnly(page, [pending, done]);
    await expectNoA11yViolations(page);

    await search(page, `${zoya.toLowerCase()}@exam`);
    await expectOnly(page, [pending, done]);

    // Typed with other spaces than it was given with.
    await search(page, `${phone.digits.slice(0, 3)} ${phone.digits.slice(3, 6)} ${phone.digits.slice(6)}`);
    await expectOnly(page, [pending, done]);

    await search(page, other.ticket.number);
    await expectOnly(page, [otherDescription]);
    await search(page, other.ticket.number.toLowerCase().replace('-', ' '));
    await expectOnly(page, [otherDescription]);

    // With the status: only the completed one of Zoya's; none of the other's.
    await search(page, `Zoya ${zoya}`);
    await statusFilter(page).selectOption('completed');
    await expectOnly(page, [done]);
    await search(page, other.ticket.number);
    await expect(
      panelOf(page).getByText(`No ticket matches “${other.ticket.number}” among the completed ones.`),
    ).toBeVisible();
    await expect(ticketRows(page)).toHaveCount(0);

    // Cleared: every ticket again, newest first (the list is shared with other tests: Load more).
    await search(page, '');
    await statusFilter(page).selectOption('');
    for (const d of [pending, done, otherDescription]) {
      await reveal(panelOf(page), ticketRows(page).filter({ hasText: d }));
    }
    expect(await ticketRows(page).count()).toBeGreaterThan(3);
  });

  test('keeps the search and filters in the address: a reload, Back from a ticket, another tab', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    const engineer = await createEngineerViaApi(request, `Address Engineer ${word}`);
    const customer = await signUpViaApi(request, { name: `Kiran ${word} Rao` });
    const pending = `Printer queue stuck (${word}).`;
    const done = `Sound crackles on calls (${word}).`;
    await bookTicketViaApi(request, pending, customer);
    await completedTicketViaApi(request, { description: done, engineer, customer });

    await openAdmin(page, request);
    await search(page, word);
    await statusFilter(page).selectOption('completed');
    await expectOnly(page, [done]);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}(&|$)`));
    await expect(page).toHaveURL(/[?&]status=completed(&|$)/);

    await page.reload();
    await expectOnly(page, [done]);
    await expect(panelOf(page).getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
    await expect(statusFilter(page)).toHaveValue('completed');

    // Into the ticket and Back: the list as it was left.
    await ticketRows(page)
      .getByRole('link', { name: /Open ticket/ })
      .click();
    await expect(page).toHaveURL(/\/tickets\//);
    await page.goBack();
    await expectOnly(page, [done]);
    await expect(statusFilter(page)).toHaveValue('completed');
    // The ticket page's own way back does the same.
    await ticketRows(page)
      .getByRole('link', { name: /Open ticket/ })
      .click();
    await page.getByRole('link', { name: 'Back to All Tickets' }).click();
    await expect(page).toHaveURL(/\/admin\?/);
    await expectOnly(page, [done]);
    await expect(panelOf(page).getByRole('searchbox', { name: 'Search' })).toHaveValue(word);

    // Another tab opens on its whole list; coming back, All Tickets is whole again.
    await page.getByRole('tab', { name: 'All Users' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    await page.getByRole('tab', { name: 'All Tickets' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(panelOf(page).getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await reveal(panelOf(page), ticketRows(page).filter({ hasText: pending }));

    // A link that names a value the list does not offer shows the whole list.
    await page.goto('/admin?status=lost&paid=maybe');
    await expect(statusFilter(page)).toHaveValue('');
    await expect(panelOf(page).getByLabel('₹299 fee')).toHaveValue('');
  });

  test('downloads the filtered list as CSV, a formula-like name kept as text', async ({ page, request }) => {
    const word = uniqueWord();
    const engineer = await createEngineerViaApi(request, `Export Engineer ${word}`);
    const formula = `=HYPERLINK("http://evil.example","click") ${word}`;
    const customer: ApiAccount = await signUpViaApi(request, { name: formula });
    const pending = `Laptop fan rattles, "loudly", at boot (${word}).`;
    const done = `Mail client will not sync (${word}).`;
    const booked = await bookTicketViaApi(request, pending, customer);
    await completedTicketViaApi(request, { description: done, engineer, customer });

    await openAdmin(page, request);
    await search(page, word);
    await statusFilter(page).selectOption('pending');
    await expectOnly(page, [pending]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panelOf(page).getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF'), 'a byte-order mark: spreadsheets read it as UTF-8').toBe(true);
    const table = parse(text, { bom: true }) as string[][];
    const [header, ...rows] = table;
    // A header row naming the columns (tests/api/ticket-export.test.ts pins all of them and their order).
    expect(header?.[0]).toBe('Number');
    expect(header).toEqual(
      expect.arrayContaining(['Status', 'Description', 'Customer', 'Email', 'Engineer', 'Booked (India time)']),
    );
    // The filtered rows only: the pending one, not the completed one.
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      Number: booked.ticket.number,
      Status: 'pending',
      Description: pending,
      Email: customer.user.email,
      Engineer: '',
    });
    // A leading apostrophe: a spreadsheet shows the name as text and never runs it as a formula.
    expect(row.Customer).toBe(`'${formula}`);
    expect(row['Booked (India time)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});
