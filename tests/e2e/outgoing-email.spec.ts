import { expect, test } from './support/fixtures';
import { adminToken, auth, bookTicketViaApi, createEngineerViaApi, openAdmin, runId } from './support/staff';

// DECISIONS.md §7.3 in the browser, on the quick start (no SMTP_URL: every email is kept and admins
// read it): the admin's Outgoing email tab (its filter, an email's preview with its attachments) and
// an optional email's unsubscribe link. The password reset email is password-reset.spec.ts's.
test('the Outgoing email tab names the status it shows when none has it', async ({ page, request }) => {
  // The browser tests keep every email (no SMTP_URL): none has failed. A booking's is kept.
  await bookTicketViaApi(request, `Outgoing email ${runId()}`);
  await openAdmin(page, request);
  await page.goto('/admin?tab=emails&status=failed');
  const panel = page.getByRole('tabpanel', { name: 'Outgoing email' });
  await expect(panel.getByText('No failed emails', { exact: true })).toBeVisible();
  await panel.getByLabel('Show').selectOption('');
  await expect(panel.getByRole('list', { name: 'Outgoing email' })).toBeVisible();
  // Kept (no SMTP_URL) is said in words on the row, not only in the badge's tooltip a phone never shows.
  await panel.getByLabel('Show').selectOption('kept');
  await expect(panel.getByRole('listitem').first()).toContainText('not sent (no SMTP_URL was set): kept here to read');
});

test('a booking confirmation’s preview lists the receipt it carries, and downloads it', async ({ page, request }) => {
  const { ticket, customer } = await bookTicketViaApi(request, `Attachment ${runId()}`);
  await openAdmin(page, request);
  await page.goto('/admin?tab=emails');
  const panel = page.getByRole('tabpanel', { name: 'Outgoing email' });
  await panel.getByRole('searchbox', { name: 'Search' }).fill(customer.user.email);
  const subject = `Booking confirmed: ${ticket.number}`;
  await panel
    .getByRole('listitem')
    .filter({ hasText: subject })
    .getByRole('button', { name: /^Preview/ })
    .click();
  const attached = page.getByRole('dialog', { name: subject }).getByRole('region', { name: 'Attached' });
  await expect(attached.getByText(/^RF\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  await expect(attached.getByText(/^Booking fee · ₹99 · /)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    attached.getByRole('button', { name: /^Download receipt/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^RF-\d{4}-\d{2}-\d{6}\.pdf$/);
});

test('an email with a long unbroken link or path in it fits a phone’s screen', async ({ page, request }) => {
  // What customers paste: a shared-drive link or a Windows path, with no space to break at.
  const pasted = `C:\\Users\\Meera\\AppData\\Local\\Temp\\${'setup_installer_x64_v2.3.1'.repeat(5)}.exe`;
  const { customer } = await bookTicketViaApi(request, `Installer fails: ${pasted}`);
  const headers = auth(await adminToken(request));
  const listed = await request.get(`/api/admin/emails?q=${encodeURIComponent(customer.user.email)}`, { headers });
  const { emails } = (await listed.json()) as { emails: { id: string; subject: string }[] };
  const booking = emails.find((e) => e.subject.startsWith('Booking confirmed'));
  const { email } = (await (await request.get(`/api/admin/emails/${booking?.id}`, { headers })).json()) as {
    email: { html: string };
  };
  expect(email.html).toContain('setup_installer_x64_v2.3.1');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(email.html);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an optional email’s unsubscribe link: the page asks, then turns that kind of email off', async ({
  page,
  request,
}) => {
  const { ticket, customer } = await bookTicketViaApi(request, `Unsubscribe ${runId()}`);
  const engineer = await createEngineerViaApi(request, `Engineer ${runId()}`);
  const admin = auth(await adminToken(request));
  const assigned = await request.patch(`/api/admin/tickets/${ticket.id}/assign`, {
    headers: admin,
    data: { engineerId: engineer.user.id },
  });
  expect(assigned.status()).toBe(200);
  const list = (await (await request.get('/api/admin/emails?limit=100', { headers: admin })).json()) as {
    emails: { id: string; to: string; subject: string }[];
  };
  const kept = list.emails.find((e) => e.to === customer.user.email && /is your engineer/.test(e.subject));
  expect(kept).toBeDefined();
  const detail = (await (await request.get(`/api/admin/emails/${kept!.id}`, { headers: admin })).json()) as {
    email: { text: string };
  };
  const link = /https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/.exec(detail.email.text)?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Email settings' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByText(`to ${customer.user.email}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('gets no more ticket update emails');
  const settings = await request.get('/api/profile/notifications', { headers: auth(customer.token) });
  expect(await settings.json()).toEqual({ ticketUpdates: false, messages: true });

  // The same link again: it says they are off already, rather than asking again.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('status')).toContainText(`${customer.user.email} already gets no ticket update emails`);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test('an engineer’s unsubscribe link speaks of an engineer’s emails and where to turn them back on', async ({
  page,
  request,
}) => {
  const { ticket } = await bookTicketViaApi(request, `Engineer unsubscribe ${runId()}`);
  const engineer = await createEngineerViaApi(request, `Engineer ${runId()}`);
  const admin = auth(await adminToken(request));
  const assign = { engineerId: engineer.user.id };
  expect(
    (await request.patch(`/api/admin/tickets/${ticket.id}/assign`, { headers: admin, data: assign })).status(),
  ).toBe(200);
  const listed = await request.get(`/api/admin/emails?q=${encodeURIComponent(engineer.user.email)}`, {
    headers: admin,
  });
  const { emails } = (await listed.json()) as { emails: { id: string; subject: string }[] };
  const kept = emails.find((e) => e.subject.startsWith('New ticket for you'));
  const { email } = (await (await request.get(`/api/admin/emails/${kept?.id}`, { headers: admin })).json()) as {
    email: { text: string };
  };
  const link = new URL(/https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/.exec(email.text)?.[0] ?? '');

  await page.goto(link.pathname + link.search);
  const page1 = page.getByRole('main');
  await expect(page1).toContainText('Stop sending ticket update emails (a ticket assigned to you)');
  await expect(page1).toContainText('Password and account notices still come.');
  // An engineer books nothing: no booking confirmation or receipt to promise.
  await expect(page1).not.toContainText('receipts');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You can turn them back on in Account security.');
});
