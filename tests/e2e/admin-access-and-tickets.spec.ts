import {
  expect,
  expectNoA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
  toast,
} from './support/fixtures';
import {
  adminToken,
  assignViaApi,
  auth,
  bookTicketViaApi,
  createEngineerViaApi,
  openAdmin,
  openTab,
  recordRequests,
  reveal,
  revealTicketRow,
  runId,
  SERVICE,
} from './support/staff';

const COLUMNS = ['Service', 'Created At', 'User', 'Status', 'Remarks', 'Engineer', 'Actions'];

test.describe('who may open the admin pages', () => {
  for (const path of ['/admin', '/admin-prisma']) {
    test(`an anonymous visitor opening ${path} is sent to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Database viewer' })).toHaveCount(0);
    });

    test(`a customer opening ${path} is sent to /`, async ({ page, request }) => {
      const customer = await signUpViaApi(request, { name: 'Curious Customer' });
      const staffCalls = recordRequests(page, /^\/api\/(admin|prisma)/, 'GET');
      await loginInBrowser(page, customer.token);
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('banner').getByText('Welcome Curious Customer')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Database viewer' })).toHaveCount(0);
      // The public catalogue is the only admin-prefixed data the home page reads.
      expect(
        staffCalls.map((r) => new URL(r.url()).pathname).filter((p) => !p.startsWith('/api/admin/services/')),
      ).toEqual([]);
    });
  }

  test('an admin landing on / is sent to /admin', async ({ page, request }) => {
    await loginInBrowser(page, await adminToken(request));
    await page.goto('/');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    await expect(page.getByText('Signed in as E2E Admin (superadmin)')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'All Tickets',
      'Reports',
      'All Users',
      'Contact Requests',
      'Services',
      'Outgoing email',
      'Jobs',
    ]);
    await expect(page.getByRole('tab', { name: 'All Tickets' })).toHaveAttribute('aria-selected', 'true');

    // Logout from the admin header goes home, signed out.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('All Tickets tab', () => {
  test('the status filter narrows the list to one status', async ({ page, request }) => {
    const run = runId();
    const { ticket: pendingTicket, customer } = await bookTicketViaApi(request, `Filter test, stays pending (${run}).`);
    const { ticket: startedTicket } = await bookTicketViaApi(request, `Filter test, in progress (${run}).`, customer);
    const started = await request.patch(`/api/admin/tickets/${startedTicket.id}`, {
      headers: auth(await adminToken(request)),
      data: { status: 'in-progress' },
    });
    expect(started.status(), await started.text()).toBe(200);

    await openAdmin(page, request);
    const panel = page.getByRole('tabpanel', { name: 'All Tickets' });
    const filter = panel.getByLabel('Filter by status');
    const rows = panel
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    const statusCells = rows.locator(`td:nth-child(${COLUMNS.indexOf('Status') + 1})`);
    const row = (t: { description: string }) => rows.filter({ hasText: t.description });

    await expect(filter).toHaveValue('');
    await expect(filter.getByRole('option')).toHaveText(['All statuses', 'pending', 'in progress', 'completed']);
    await reveal(panel, row(pendingTicket));
    await reveal(panel, row(startedTicket));

    await filter.selectOption('in-progress');
    await expect(row(startedTicket)).toBeVisible();
    await expect(row(pendingTicket)).toHaveCount(0);
    await expect(statusCells.first()).toBeVisible();
    for (const text of await statusCells.allTextContents()) expect(text).toBe('in progress');

    await filter.selectOption('pending');
    await reveal(panel, row(pendingTicket));
    await expect(row(startedTicket)).toHaveCount(0);
    for (const text of await statusCells.allTextContents()) expect(text).toBe('pending');

    await filter.selectOption('completed');
    await expect(row(pendingTicket)).toHaveCount(0);
    await expect(row(startedTicket)).toHaveCount(0);
    await expect(panel.getByText('Loading tickets')).toHaveCount(0);
    for (const text of await statusCells.allTextContents()) expect(text).toBe('completed');

    await filter.selectOption('');
    await reveal(panel, row(pendingTicket));
    await reveal(panel, row(startedTicket));
  });

  test('two engineers with one name are told apart by their email, and the one picked is assigned', async ({
    page,
    request,
  }) => {
    const run = runId();
    const name = `Twin Engineer ${run}`;
    const first = await createEngineerViaApi(request, name);
    const second = await createEngineerViaApi(request, name);
    const { ticket } = await bookTicketViaApi(request, `Twin engineers (${run}).`);

    await openAdmin(page, request);
    const { row } = await revealTicketRow(page, ticket.description);
    const pick = row.getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` });
    const twins = pick.getByRole('option').filter({ hasText: name });
    await expect(twins).toHaveText([`${name} (${first.user.email})`, `${name} (${second.user.email})`].sort());

    await pick.selectOption({ label: `${name} (${second.user.email})` });
    await row.getByRole('button', { name: 'Assign' }).click();
    await expectToast(page, `Assigned to ${name}`, 'success');
    await expect(row.locator(`td:nth-child(${COLUMNS.indexOf('Engineer') + 1})`)).toContainText(second.user.email);
  });

  test('when the list leaves engineers out, a search box finds one by name and that one is assigned', async ({
    page,
    request,
  }) => {
    const run = runId();
    const needle = await createEngineerViaApi(request, `Needle Engineer ${run}`);
    const { ticket } = await bookTicketViaApi(request, `Engineer search (${run}).`);
    // The real list, said to leave engineers out, as it does past ENGINEER_PICKER_LIMIT; searches go
    // to the server as they are.
    await page.route(/\/api\/admin\/engineers$/, async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), more: true } });
    });
    const searches = recordRequests(page, /^\/api\/admin\/engineers$/, 'GET');

    await openAdmin(page, request);
    const { row } = await revealTicketRow(page, ticket.description);
    const search = row.getByRole('searchbox', { name: `Find an engineer for ticket ${SERVICE}` });
    await expect(search).toBeVisible();
    await expect(search).toHaveAccessibleDescription(/^Showing the first \d+; type more to narrow\.$/);
    await expectNoA11yViolations(page);

    const pick = row.getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` });
    await search.fill(`nobody-${run}`);
    await expect(pick.getByRole('option')).toHaveText(['No engineer matches']);
    await search.fill(`needle engineer ${run}`);
    await expect(pick.getByRole('option')).toHaveText(['Pick engineer', `Needle Engineer ${run}`]);
    expect(searches.map((r) => new URL(r.url()).searchParams.get('q'))).toContain(`needle engineer ${run}`);

    await pick.selectOption({ label: `Needle Engineer ${run}` });
    await row.getByRole('button', { name: 'Assign' }).click();
    await expectToast(page, `Assigned to Needle Engineer ${run}`, 'success');
    await expect(row.locator(`td:nth-child(${COLUMNS.indexOf('Engineer') + 1})`)).toContainText(needle.user.email);
  });
});

test.describe('Change engineer', () => {
  test('reassigns the ticket to another engineer, then unassigns it; the history shows both', async ({
    page,
    request,
  }) => {
    const run = runId();
    const first = await createEngineerViaApi(request, `First Engineer ${run}`);
    const second = await createEngineerViaApi(request, `Second Engineer ${run}`);
    const { ticket } = await bookTicketViaApi(request, `Change of engineer (${run}).`);
    const assigned = await request.patch(`/api/admin/tickets/${ticket.id}/assign`, {
      headers: auth(await adminToken(request)),
      data: { engineerId: first.user.id },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    await openAdmin(page, request);
    const { row } = await revealTicketRow(page, ticket.description);
    const engineerCell = row.locator(`td:nth-child(${COLUMNS.indexOf('Engineer') + 1})`);
    await expect(engineerCell).toContainText(first.user.email);
    // An assigned ticket offers no plain Assign: the dialog is the way to change its engineer.
    await expect(row.getByRole('button', { name: 'Assign' })).toHaveCount(0);

    await row.getByRole('button', { name: 'Change engineer' }).click();
    const dialog = page.getByRole('dialog', { name: `Change the engineer of ticket ${SERVICE}` });
    await expect(dialog).toBeVisible();
    const pick = dialog.getByRole('combobox', { name: `New engineer for ticket ${SERVICE}` });
    await expect(pick.getByRole('option').filter({ hasText: `First Engineer ${run}` })).toHaveCount(0);
    await pick.selectOption({ label: `Second Engineer ${run}` });
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expectToast(page, `Reassigned to Second Engineer ${run}`, 'success');
    await expect(dialog).toBeHidden();
    await expect(engineerCell).toContainText(second.user.email);

    await row.getByRole('button', { name: 'Change engineer' }).click();
    await dialog.getByRole('button', { name: `Unassign Second Engineer ${run}` }).click();
    await expectToast(page, `Second Engineer ${run} unassigned`, 'success');
    await expect(engineerCell).toHaveText('Unassigned');

    await row.getByRole('button', { name: `History of ticket ${SERVICE}` }).click();
    const history = page.getByRole('dialog', { name: 'Ticket history' });
    await expect(history.getByText(`First Engineer ${run} → Second Engineer ${run}`)).toBeVisible();
    await expect(history.getByRole('listitem').filter({ hasText: 'Engineer unassigned' })).toContainText(
      `Second Engineer ${run}`,
    );
  });
});

test.describe('a ticket history longer than a page', () => {
  test('shows the first page and loads the rest with Load more, the focus on the first event it brought', async ({
    page,
    request,
  }) => {
    test.slow();
    const run = runId();
    const { ticket } = await bookTicketViaApi(request, `Long history (${run}).`);
    const engineer = await createEngineerViaApi(request, `Paging Engineer ${run}`);
    const headers = auth(await adminToken(request));
    // 51 assignments and as many unassignments: with the booking's own events, past a page of 100.
    for (let i = 0; i < 51; i++) {
      await assignViaApi(request, ticket.id, engineer);
      const unassigned = await request.delete(`/api/admin/tickets/${ticket.id}/assign`, { headers });
      expect(unassigned.status(), await unassigned.text()).toBe(200);
    }

    await openAdmin(page, request);
    const { row } = await revealTicketRow(page, ticket.description);
    await row.getByRole('button', { name: `History of ticket ${SERVICE}` }).click();
    const history = page.getByRole('dialog', { name: 'Ticket history' });
    const events = history.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await expect(events).toHaveCount(100);
    await expect(events.first()).toContainText('Payment order opened');

    // Another ticket changes while the next page is on its way (a busy service: the admin's stream
    // brings every ticket's events). The refresh it causes must not drop the press of Load more.
    const listAskedAgain = () =>
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/tickets' && r.method() === 'GET');
    await page.route(
      /\/api\/admin\/tickets\/[^/]+\/history\?.*after=/,
      async (route) => {
        const refreshed = listAskedAgain();
        await bookTicketViaApi(request, `Booked while a page loads (${run}).`);
        await refreshed;
        await route.continue();
      },
      // Only the press's own request: the refresh asks for this page again.
      { times: 1 },
    );
    await history.getByRole('button', { name: 'Load more' }).click();
    await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const total = await events.count();
    expect(total).toBeGreaterThan(100);
    await expect(events.nth(100)).toBeFocused();
    await expect(events.last()).toContainText(`Engineer unassigned`);
    await expect(events.filter({ hasText: 'Engineer unassigned' })).toHaveCount(51);
  });
});

test.describe('accessibility', () => {
  test('every admin tab, the history dialog and the database viewer have no axe violations', async ({
    page,
    request,
  }) => {
    const { ticket } = await bookTicketViaApi(request, `Accessibility check ticket (${runId()}).`);
    await openAdmin(page, request);

    const tickets = page.getByRole('tabpanel', { name: 'All Tickets' });
    await reveal(tickets, tickets.getByRole('row').filter({ hasText: ticket.description }));
    await expectNoA11yViolations(page);

    await tickets
      .getByRole('row')
      .filter({ hasText: ticket.description })
      .getByRole('button', { name: `History of ticket ${SERVICE}` })
      .click();
    const history = page.getByRole('dialog', { name: 'Ticket history' });
    await expect(history.getByText('Ticket created', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    const users = await openTab(page, 'All Users');
    await expect(users.getByRole('list', { name: 'All users' })).toBeVisible();
    await users.getByRole('button', { name: '+ New User' }).click();
    await users.getByRole('form', { name: 'New User' }).getByRole('button', { name: 'Create User' }).click();
    await expect(users.getByRole('alert').first()).toBeVisible();
    await expectNoA11yViolations(page);

    const contacts = await openTab(page, 'Contact Requests');
    await expect(
      contacts.getByRole('list', { name: 'Contact requests' }).or(contacts.getByText('No contact requests yet')),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    const services = await openTab(page, 'Services');
    await expect(services.getByRole('list', { name: 'Services', exact: true })).toBeVisible();
    await services.getByRole('form', { name: 'Add service' }).getByRole('button', { name: 'Add' }).click();
    await expect(services.getByText('Name is required')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Database viewer' }).click();
    await expect(page).toHaveURL('/admin-prisma');
    await expect(page.getByRole('heading', { level: 1, name: 'Database viewer' })).toBeVisible();
    await expect(page.getByLabel('Model')).toBeEnabled();
    await expectNoA11yViolations(page);
    await page.getByLabel('Model').selectOption('User');
    await expect(page.getByRole('region', { name: 'User records' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('All Tickets actions pressed twice', () => {
  test('double-clicking Assign assigns once and says so; double-clicking Update changes the status once', async ({
    page,
    request,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Double Click Engineer ${run}`);
    const { ticket } = await bookTicketViaApi(request, `Double click on the admin actions (${run}).`);
    const assigns = recordRequests(page, new RegExp(`^/api/admin/tickets/${ticket.id}/assign$`), 'PATCH');
    const statusChanges = recordRequests(page, new RegExp(`^/api/admin/tickets/${ticket.id}$`), 'PATCH');

    await openAdmin(page, request);
    const { row } = await revealTicketRow(page, ticket.description);

    await row
      .getByRole('combobox', { name: `Engineer for ticket ${SERVICE}` })
      .selectOption({ label: `Double Click Engineer ${run}` });
    await row.getByRole('button', { name: 'Assign' }).dblclick();
    await expect(row).toContainText(engineer.user.email);
    await expectToast(page, `Assigned to Double Click Engineer ${run}`, 'success');
    await expect(toast(page, 'This ticket already has an engineer')).toHaveCount(0);
    expect(assigns).toHaveLength(1);

    await row.getByRole('combobox', { name: `Status of ticket ${SERVICE}` }).selectOption('in-progress');
    await row.getByRole('button', { name: 'Update' }).dblclick();
    await expectToast(page, 'Status updated to In Progress', 'success');
    await expect(toast(page, 'The ticket is already in progress')).toHaveCount(0);
    expect(statusChanges).toHaveLength(1);
  });
});
