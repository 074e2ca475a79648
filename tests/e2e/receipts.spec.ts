import { readFile } from 'node:fs/promises';
import { expect, expectNoA11yViolations, loginInBrowser, test } from './support/fixtures';
import { ticketCard } from './support/customer';
import { bookTicketViaApi, openAdmin, openTab, revealTicketRow, runId } from './support/staff';

/** DECISIONS.md §7.4 in the browser: ticket numbers where tickets are shown, receipts to download. */
test.describe('ticket numbers and receipts', () => {
  test('the customer sees the ticket number and downloads the booking receipt as a PDF', async ({ page, request }) => {
    const description = `Receipt download ${runId()}`;
    const { ticket, customer } = await bookTicketViaApi(request, description);
    await loginInBrowser(page, customer.token);
    await page.goto('/dashboard');
    const card = ticketCard(page, description);
    await expect(card.getByText(`Ticket ${ticket.number}`, { exact: true })).toBeVisible();

    await card.getByText('Receipts', { exact: true }).click();
    const download = card.getByRole('button', { name: /^Download receipt RF\/\d{4}-\d{2}\/\d{6}$/ });
    await expect(download).toBeVisible();
    await expect(card.getByText(/Booking fee · ₹99/)).toBeVisible();
    await expectNoA11yViolations(page);

    const saving = page.waitForEvent('download');
    await download.click();
    const file = await saving;
    expect(file.suggestedFilename()).toMatch(/^RF-\d{4}-\d{2}-\d{6}\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the admin sees the number in the list and the receipts in the ticket’s history', async ({ page, request }) => {
    const description = `Receipt admin ${runId()}`;
    const { ticket } = await bookTicketViaApi(request, description);
    await openAdmin(page, request);
    await openTab(page, 'All Tickets');
    const { row } = await revealTicketRow(page, description);
    await expect(row.getByText(`Ticket ${ticket.number}`, { exact: true })).toBeVisible();

    await row.getByRole('button', { name: /^History of ticket/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ticket history' });
    await expect(dialog.getByText(`${ticket.number} · ${ticket.service}`)).toBeVisible();
    const download = dialog.getByRole('button', { name: /^Download receipt RF\// });
    await expect(download).toBeVisible();
    const saving = page.waitForEvent('download');
    await download.click();
    expect((await saving).suggestedFilename()).toMatch(/^RF-\d{4}-\d{2}-\d{6}\.pdf$/);
  });
});
