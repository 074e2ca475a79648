import {
  E2E_ADMIN,
  expect,
  expectNoA11yViolations,
  expectToast,
  loginInBrowser,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './support/fixtures';
import {
  adminToken,
  apiLogin,
  assignViaApi,
  auth,
  bookTicketViaApi,
  createEngineerViaApi,
  MAIN,
  openAdmin,
  openTab,
  recordRequests,
  reveal,
  runId,
  SERVICE,
  SUB,
  visitorPage,
} from './support/staff';
import { openLoginDialog } from './support/auth';

test.describe('Services tab', () => {
  test('add a main category and a sub-service, rename it, then delete the category after confirming', async ({
    page,
    request,
    browser,
  }) => {
    const run = runId();
    const mainName = `Console Repair ${run}`;
    const subName = `Joystick Drift ${run}`;
    const renamed = `Controller Drift & Buttons ${run}`;
    const problems: string[] = [];
    await openAdmin(page, request);
    const panel = await openTab(page, 'Services');
    const addForm = panel.getByRole('form', { name: 'Add service' });
    const mainCard = panel
      .getByRole('list', { name: 'Services', exact: true })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: mainName }) });
    const subList = panel.getByRole('list', { name: `Sub-services of ${mainName}` });

    // The name is required.
    await expect(addForm.getByLabel('Parent Category')).toHaveValue('');
    await addForm.getByRole('button', { name: 'Add' }).click();
    await expect(addForm.getByText('Name is required', { exact: true })).toBeVisible();

    // A main category: no parent.
    await addForm.getByLabel('Name').fill(mainName);
    await addForm.getByLabel('Parent Category').selectOption({ label: 'None (main category)' });
    await addForm.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, 'Service saved', 'success');
    await expect(mainCard).toBeVisible();
    await expect(mainCard.getByText(/^No sub-services yet/)).toBeVisible();
    await expect(addForm.getByLabel('Name')).toHaveValue('');

    // Until it has one, the public form says the category has no issues yet, rather than an empty list.
    const visitor = await visitorPage(browser, problems);
    const publicForm = visitor.page.getByRole('form', { name: 'Repair request' });
    await expect(async () => {
      await visitor.page.goto('/');
      await publicForm.getByLabel('Main Category').scrollIntoViewIfNeeded();
      await publicForm.getByLabel('Main Category').selectOption({ label: mainName }, { timeout: 5000 });
      await expect(publicForm.getByText('No issues are listed in this category yet')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await expect(publicForm.getByLabel('Subcategory')).toBeDisabled();

    // A sub-service under it.
    await expect(addForm.getByLabel('Parent Category').getByRole('option', { name: mainName })).toBeAttached();
    await addForm.getByLabel('Name').fill(subName);
    await addForm.getByLabel('Parent Category').selectOption({ label: mainName });
    await addForm.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Service saved').first()).toHaveAttribute('data-type', 'success');
    await expect(subList.getByRole('listitem')).toHaveCount(1);
    await expect(subList.getByRole('listitem')).toContainText(subName);
    await expect(mainCard.getByText(/^No sub-services yet/)).toHaveCount(0);

    // The public form offers both. The page carries the catalogue its server rendered it with, which
    // follows a change within a moment (plugins/live-site-pages.ts): a visitor arriving sooner gets it
    // on the next load.
    await expect(async () => {
      await visitor.page.goto('/');
      // Scrolled to, as a visitor does: the page comes alive once its select nears the screen.
      await publicForm.getByLabel('Main Category').scrollIntoViewIfNeeded();
      await expect(publicForm.getByLabel('Main Category').getByRole('option', { name: mainName })).toBeAttached({
        timeout: 5000,
      });
      await publicForm.getByLabel('Main Category').selectOption({ label: mainName });
      await expect(publicForm.getByLabel('Subcategory').getByRole('option')).toHaveText(
        ['Select a subcategory', subName],
        { timeout: 5000 },
      );
    }).toPass({ timeout: 30_000 });

    // Edit the sub-service's name.
    await subList.getByRole('button', { name: `Edit ${subName}` }).click();
    const editForm = panel.getByRole('form', { name: 'Edit service' });
    await expect(panel.getByRole('heading', { name: `Edit ${subName}` })).toBeVisible();
    await expect(editForm.getByLabel('Name')).toHaveValue(subName);
    await expect(editForm.getByLabel('Parent Category').getByRole('option', { selected: true })).toHaveText(mainName);
    await editForm.getByLabel('Name').fill(renamed);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(subList.getByRole('listitem')).toHaveCount(1);
    await expect(subList.getByRole('listitem')).toContainText(renamed);
    await expect(subList.getByText(subName, { exact: true })).toHaveCount(0);
    await expect(panel.getByRole('form', { name: 'Add service' })).toBeVisible(); // back to adding

    // Cancelling the confirmation (the app's dialog: a main service names its sub-services) deletes nothing.
    const deletes = recordRequests(page, /^\/api\/admin\/services\//, 'DELETE');
    await mainCard.getByRole('button', { name: `Delete ${mainName}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${mainName}?` });
    await expect(confirm).toContainText('This will also delete its sub-service.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(deletes).toEqual([]);
    await expect(mainCard).toBeVisible();
    await expect(subList.getByRole('listitem')).toHaveCount(1);

    // Accepting it deletes the category and its sub-service.
    await mainCard.getByRole('button', { name: `Delete ${mainName}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Delete ${mainName}?` })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectToast(page, 'Service deleted', 'success');
    expect(deletes).toHaveLength(1);
    await expect(mainCard).toHaveCount(0);
    await expect(panel.getByText(renamed)).toHaveCount(0);
    await page.reload();
    await openTab(page, 'Services');
    await expect(page.getByRole('heading', { name: mainName })).toHaveCount(0);

    // The public form no longer offers it (again, once the page has followed the change). A new
    // visitor: the public catalogue API is sent with `Cache-Control: public, max-age=60`, so a browser
    // that read it in the last minute may reuse it.
    await visitor.context.close();
    const next = await visitorPage(browser, problems);
    const main = next.page.getByRole('form', { name: 'Repair request' }).getByLabel('Main Category');
    await expect(async () => {
      await next.page.goto('/');
      await main.scrollIntoViewIfNeeded();
      await expect(main.getByRole('option', { name: MAIN })).toBeAttached({ timeout: 5000 }); // the catalogue has loaded
      await expect(main.getByRole('option', { name: mainName })).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(main.getByRole('option', { name: renamed })).toHaveCount(0);
    await next.context.close();
    expect(problems).toEqual([]);
  });
});

test.describe('All Users tab', () => {
  test('the superadmin carries the Superadmin badge', async ({ page, request }) => {
    // Found by the search: the superadmin is the oldest account, on the last page of a list every
    // parallel test adds to (paging to it outran the test's minute in CI).
    const customer = await signUpViaApi(request, { name: `Badge Customer ${runId()}` });
    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    const list = panel.getByRole('list', { name: 'All users' });
    const search = panel.getByRole('searchbox', { name: 'Search' });
    await search.fill(E2E_ADMIN.email);
    const card = list.getByRole('listitem').filter({ hasText: E2E_ADMIN.email });
    await expect(card.getByRole('heading', { name: 'E2E Admin' })).toBeVisible();
    await expect(card.getByText('Superadmin', { exact: true })).toBeVisible();

    // Other roles show their own badge, not the superadmin one.
    await search.fill(customer.user.email);
    const customerCard = list.getByRole('listitem').filter({ hasText: customer.user.email });
    await expect(customerCard.getByText('user', { exact: true })).toBeVisible();
    await expect(customerCard.getByText('Superadmin')).toHaveCount(0);
  });

  test('search finds a person by name, email or phone, and the role filter narrows the list', async ({
    page,
    request,
  }) => {
    const run = runId();
    const meera = await signUpViaApi(request, { name: `Meera Search ${run}`, phone: '+91 97111 23456' });
    const other = await signUpViaApi(request, { name: `Other Search ${run}` });
    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    const list = panel.getByRole('list', { name: 'All users' });
    const search = panel.getByRole('searchbox', { name: 'Search' });
    await expect(search).toHaveAccessibleDescription('Name, email or phone');

    await search.fill(`meera search ${run}`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(meera.user.email);

    await search.fill(other.user.email.toUpperCase());
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(`Other Search ${run}`);

    // The phone's digits, typed with other spacing.
    await search.fill('9711123456');
    await expect(list.getByRole('listitem').filter({ hasText: meera.user.email })).toHaveCount(1);

    // Combined with the role: neither is an engineer.
    await search.fill(`search ${run}`);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await panel.getByLabel('Filter by role').selectOption({ label: 'Engineers' });
    await expect(panel.getByText(`Nobody matches “search ${run}” among the engineers.`)).toBeVisible();
    await panel.getByLabel('Filter by role').selectOption({ label: 'Customers' });
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await search.fill('');
    await panel.getByLabel('Filter by role').selectOption({ label: 'Superadmins' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(E2E_ADMIN.email);
  });

  test('an engineer’s card leads to All Tickets narrowed to their tickets, and back to every ticket', async ({
    page,
    request,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Busy Engineer ${run}`);
    const { ticket: theirs } = await bookTicketViaApi(request, `Their ticket (${run}).`);
    const { ticket: other } = await bookTicketViaApi(request, `Someone else's ticket (${run}).`);
    await assignViaApi(request, theirs.id, engineer);

    await openAdmin(page, request);
    const users = await openTab(page, 'All Users');
    await users.getByRole('searchbox', { name: 'Search' }).fill(engineer.user.email);
    const card = users.getByRole('list', { name: 'All users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name: `Assigned tickets of Busy Engineer ${run}` }).click();

    await expect(page).toHaveURL(`/admin?engineer=${engineer.user.id}`);
    const tickets = page.getByRole('tabpanel', { name: 'All Tickets' });
    await expect(tickets.getByText(`Only the tickets assigned to Busy Engineer ${run}`)).toBeVisible();
    const rows = tickets
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(theirs.description);

    // Narrowed further, it says whose list is empty.
    await tickets.getByLabel('Filter by status').selectOption('completed');
    await expect(tickets.getByText('No completed tickets assigned to this engineer.')).toBeVisible();
    await tickets.getByLabel('Filter by status').selectOption('');

    await tickets.getByRole('button', { name: 'Show every engineer’s' }).click();
    await expect(page).toHaveURL('/admin');
    await reveal(tickets, rows.filter({ hasText: other.description }));
  });

  test('New User validates every field and never offers the superadmin role', async ({ page, request }) => {
    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    const creates = recordRequests(page, /^\/api\/admin\/users$/, 'POST');
    await panel.getByRole('button', { name: '+ New User' }).click();
    const form = panel.getByRole('form', { name: 'New User' });
    await expect(form).toBeVisible();
    await expect(panel.getByRole('button', { name: '+ New User' })).toHaveCount(0);

    const role = form.getByLabel('Role');
    await expect(role.getByRole('option')).toHaveText(['User', 'Admin', 'Engineer']);
    expect(await role.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      'user',
      'admin',
      'engineer',
    ]);
    await expect(role).toHaveValue('user');

    await form.getByRole('button', { name: 'Create User' }).click();
    const messages = ['Name is required', 'Email is required', 'Phone number is required', 'Password is required'];
    for (const m of messages) await expect(form.getByText(m, { exact: true })).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(messages.length);
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
    await expect(form.getByLabel('Name')).toBeFocused();

    await form.getByLabel('Name').fill('Short Password');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone').fill('+91 90000 11111');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form.getByText('Enter a valid email address', { exact: true })).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await expect(form.getByText('Name is required')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(creates).toEqual([]);

    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(panel.getByRole('button', { name: '+ New User' })).toBeVisible();
  });
});

test.describe('Change role', () => {
  // The refusal answers 409, which the browser logs as a failed load.
  test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 409/ });

  test('Change role turns an engineer who leaves into a customer, once no open ticket is theirs', async ({
    page,
    request,
    browser,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Leaving Engineer ${run}`);
    const session = await apiLogin(request, engineer.user.email, engineer.password);
    const { ticket } = await bookTicketViaApi(request, `Role change ticket (${run}).`);
    const headers = auth(await adminToken(request));
    await assignViaApi(request, ticket.id, engineer);

    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    await panel.getByRole('searchbox', { name: 'Search' }).fill(engineer.user.email);
    const card = panel.getByRole('list', { name: 'All users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card.getByText('engineer', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Change role of Leaving Engineer ${run}` }).click();
    const dialog = page.getByRole('dialog', { name: `Change the role of Leaving Engineer ${run}` });
    await expect(dialog).toContainText('is an engineer. A change signs them out everywhere');
    const role = dialog.getByLabel('New role');
    await expect(role.getByRole('option')).toHaveText(['Customer', 'Admin', 'Engineer']);
    await expect(role).toHaveValue('engineer');
    // Nothing to change yet.
    await expect(dialog.getByRole('button', { name: 'Change role' })).toBeDisabled();
    await role.selectOption({ label: 'Customer' });
    await expect(role).toHaveAccessibleDescription('Customer: books and pays for tickets');
    await expectNoA11yViolations(page);

    // The engineer still has the ticket: refused, the dialog kept.
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expectToast(
      page,
      `Leaving Engineer ${run} has 1 ticket not yet completed (${ticket.number}): reassign or unassign it first`,
      'error',
    );
    await expect(dialog).toBeVisible();
    await expect(role).toHaveValue('user');

    const unassigned = await request.delete(`/api/admin/tickets/${ticket.id}/assign`, { headers });
    // The engineer has their dashboard open meanwhile.
    const engineerContext = await browser.newContext();
    const engineerPage = await engineerContext.newPage();
    await loginInBrowser(engineerPage, session.token);
    await engineerPage.goto('/dashboard');
    await expect(engineerPage.getByRole('heading', { level: 1 })).toBeVisible();

    expect(unassigned.status(), await unassigned.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expectToast(page, `Leaving Engineer ${run} is now a customer`, 'success');
    await expect(dialog).toBeHidden();
    await expect(card.getByText('user', { exact: true })).toBeVisible();

    // The engineer's open page is signed out at once, without a click there (its live stream ends).
    await expectToast(engineerPage, 'Your session has ended. Please log in again.', 'info');
    await expect(engineerPage.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await engineerContext.close();

    // Signed out: the engineer's session has ended, and a new one is a customer's.
    const old = await request.get('/api/engineer/assigned-tickets', { headers: auth(session.token) });
    expect(old.status()).toBe(401);
    const again = await apiLogin(request, engineer.user.email, engineer.password);
    expect(again.user.role).toBe('user');

    // Nobody changes their own role, nor a superadmin's: no such button on those cards.
    await panel.getByRole('searchbox', { name: 'Search' }).fill(E2E_ADMIN.email);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: /^Change role of/ })).toHaveCount(0);
  });
});

test.describe('Suspend', () => {
  // The suspended customer's refused login answers 403, which the browser logs as a failed load.
  test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 403/ });

  test('Suspend signs a customer out at once and keeps them out until Reinstate', async ({
    page,
    request,
    browser,
  }) => {
    const run = runId();
    const customer = await signUpViaApi(request, { name: `Suspended Customer ${run}` });
    // The customer has their dashboard open meanwhile.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await loginInBrowser(customerPage, customer.token);
    await customerPage.goto('/dashboard');
    await expect(customerPage.getByRole('heading', { level: 1 })).toBeVisible();

    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    await panel.getByRole('searchbox', { name: 'Search' }).fill(customer.user.email);
    const card = panel.getByRole('list', { name: 'All users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);

    await card.getByRole('button', { name: `Suspend Suspended Customer ${run}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend Suspended Customer ${run}?` });
    await expect(dialog).toContainText('is signed out everywhere now and cannot sign in until you reinstate');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectToast(page, `Suspended Customer ${run} is suspended`, 'success');
    await expect(dialog).toBeHidden();
    // The badge, and when.
    await expect(card.getByText(/^Suspended \d/)).toBeVisible();

    // The customer's open page is signed out without a click there, and their login is refused.
    await expectToast(customerPage, 'Your session has ended. Please log in again.', 'info');
    await customerPage.goto('/');
    const login = await openLoginDialog(customerPage);
    await login.getByLabel('Email').fill(customer.user.email);
    await login.getByLabel('Password').fill(customer.password);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(customerPage, 'This account is suspended. Please contact RemoteFix support.', 'error');
    await expect(login).toBeVisible();

    // Found among the suspended accounts, not among the active ones.
    const state = panel.getByLabel('Filter by state');
    await state.selectOption({ label: 'Active' });
    await expect(panel.getByText(`Nobody matches “${customer.user.email}” among the active accounts.`)).toBeVisible();
    await state.selectOption({ label: 'Suspended' });
    await expect(card).toHaveCount(1);
    await expect(page).toHaveURL(/state=suspended/);
    await state.selectOption({ label: 'Active and suspended' });

    await card.getByRole('button', { name: `Reinstate Suspended Customer ${run}` }).click();
    await expectToast(page, `Suspended Customer ${run} can sign in again`, 'success');
    await expect(card.getByText('Suspended', { exact: true })).toHaveCount(0);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(customerPage).toHaveURL('/dashboard');
    await customerContext.close();

    // The account's history says who did what.
    await card.getByRole('button', { name: `History of Suspended Customer ${run}` }).click();
    const history = page.getByRole('dialog', { name: 'Account history' });
    await expect(history.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(0)).toContainText('Suspended');
    await expect(history.getByRole('listitem').nth(1)).toContainText('Reinstated');
    await expect(history.getByRole('listitem').nth(1)).toContainText('by E2E Admin (Admin)');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // Nobody suspends their own account: no such button on its card.
    await panel.getByRole('searchbox', { name: 'Search' }).fill(E2E_ADMIN.email);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  });
});

test.describe('Edit details', () => {
  // The email another account holds answers 409, which the browser logs as a failed load.
  test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 409/ });

  test('an admin corrects an engineer’s details: checked in the browser and by the server, the engineer signed in with the new email', async ({
    page,
    request,
  }) => {
    const run = runId();
    const engineer = await createEngineerViaApi(request, `Enginer Typo ${run}`);
    const other = await signUpViaApi(request, { name: `Other Customer ${run}` });
    const session = await apiLogin(request, engineer.user.email, engineer.password);

    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    await panel.getByRole('searchbox', { name: 'Search' }).fill(engineer.user.email);
    const card = panel.getByRole('list', { name: 'All users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);

    await card.getByRole('button', { name: `Edit details of Enginer Typo ${run}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit the details of Enginer Typo ${run}` });
    await expect(dialog).toContainText('They stay signed in.');
    const name = dialog.getByLabel('Name');
    const email = dialog.getByLabel('Email');
    const phone = dialog.getByLabel('Phone');
    await expect(name).toHaveValue(`Enginer Typo ${run}`);
    await expect(email).toHaveValue(engineer.user.email);
    // Nothing changed yet: nothing to save.
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectNoA11yViolations(page);

    // The browser's own checks, before anything is sent.
    await name.fill('');
    await phone.fill('call me');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(name).toHaveAccessibleDescription(/Name is required/);
    await expect(phone).toHaveAccessibleDescription(/Enter a valid phone number/);
    await expect(name).toBeFocused();

    // The server's: an email another account holds, said under the field, the form kept.
    await name.fill(`Engineer Fixed ${run}`);
    await phone.fill('+91 99887 76655');
    await email.fill(other.user.email);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(email).toHaveAccessibleDescription(/An account with this email already exists/);
    await expect(email).toBeFocused();
    await expect(name).toHaveValue(`Engineer Fixed ${run}`);

    const fixed = uniqueEmail(`engineer.fixed.${run}`);
    await email.fill(fixed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Details of Engineer Fixed ${run} saved`, 'success');
    await expect(dialog).toBeHidden();
    await panel.getByRole('searchbox', { name: 'Search' }).fill(fixed);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Engineer Fixed ${run}`);
    await expect(card).toContainText('+91 99887 76655');

    // The engineer's session goes on, and the new address signs in.
    const me = await request.get('/api/me', { headers: auth(session.token) });
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(fixed);
    await apiLogin(request, fixed, engineer.password);

    await card.getByRole('button', { name: `History of Engineer Fixed ${run}` }).click();
    const history = page.getByRole('dialog', { name: 'Account history' });
    await expect(history.getByRole('list', { name: 'Changes' }).getByRole('listitem').last()).toContainText(
      'Details changed: name, email, phone',
    );
  });
});

test.describe('New User with an email that is taken', () => {
  test.use({ allowConsoleErrors: /^Failed to load resource: the server responded with a status of 409/ });

  // A UI audit: the server's refusal was a toast only, away from the field it is about.
  test('says so under the Email field, the form kept', async ({ page, request }) => {
    await openAdmin(page, request);
    const panel = await openTab(page, 'All Users');
    await panel.getByRole('button', { name: '+ New User' }).click();
    const form = panel.getByRole('form', { name: 'New User' });
    await form.getByLabel('Name').fill('Second Admin');
    await form.getByLabel('Email').fill(E2E_ADMIN.email);
    await form.getByLabel('Phone').fill('+91 90000 11111');
    await form.getByLabel('Password').fill('amber-field-lamp-93');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form.getByText('An account with this email already exists')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();
    await expect(form.getByLabel('Name')).toHaveValue('Second Admin');
  });
});

test.describe('Contact Requests tab', () => {
  test('a request sent from the home page appears as a card with its details', async ({ page, request, browser }) => {
    const run = runId();
    const contact = {
      name: `Sunil Gupta ${run}`,
      email: uniqueEmail('contact'),
      phone: '+91 93333 44556',
      description: `The Mac will not start after an update (${run}).`,
    };
    const problems: string[] = [];
    const visitor = await visitorPage(browser, problems);
    await visitor.page.goto('/');
    const form = visitor.page.getByRole('form', { name: 'Repair request' });
    await form.getByLabel('Full Name').fill(contact.name);
    await form.getByLabel('Phone Number').fill(contact.phone);
    await form.getByLabel('Email').fill(contact.email);
    await form.getByLabel('Computer Type').selectOption('Mac');
    await expect(form.getByLabel('Main Category').getByRole('option', { name: MAIN })).toBeAttached();
    await form.getByLabel('Main Category').selectOption({ label: MAIN });
    await expect(form.getByLabel('Subcategory').getByRole('option', { name: SUB })).toBeAttached();
    await form.getByLabel('Subcategory').selectOption({ label: SUB });
    await form.getByLabel('Urgency').selectOption('Medium');
    await form.getByLabel('Describe the problem').fill(contact.description);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(visitor.page, 'Thank you! Your request has been submitted.', 'success');
    await visitor.context.close();

    await openAdmin(page, request);
    const panel = await openTab(page, 'Contact Requests');
    const card = panel
      .getByRole('list', { name: 'Contact requests' })
      .getByRole('listitem')
      .filter({ hasText: contact.description });
    await reveal(panel, card);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: contact.name })).toBeVisible();
    await expect(card.getByText('Urgency: Medium')).toBeVisible();
    await expect(card.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
    await expect(card.getByRole('link', { name: contact.phone })).toHaveAttribute('href', `tel:${contact.phone}`);
    await expect(card.getByText('Mac', { exact: true })).toBeVisible();
    await expect(card.getByText(SERVICE, { exact: true })).toBeVisible();
    await expect(card.getByText(/^Received /)).toBeVisible();

    // The search finds it by the phone's digits, and says so when nothing matches.
    const list = panel.getByRole('list', { name: 'Contact requests' });
    const search = panel.getByRole('searchbox', { name: 'Search' });
    await search.fill('9333344556');
    await expect(list.getByRole('listitem').filter({ hasText: contact.description })).toHaveCount(1);
    await search.fill(`nobody-${run}`);
    await expect(panel.getByText(`No request matches “nobody-${run}”.`)).toBeVisible();
    await search.fill(`sunil gupta ${run}`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(problems).toEqual([]);
  });
});

test.describe('the open tab', () => {
  test('is kept in the address: Back from the database viewer and a reload return to it', async ({ page, request }) => {
    await openAdmin(page, request);
    await openTab(page, 'Services');
    await expect(page).toHaveURL('/admin?tab=services');
    await page.getByRole('link', { name: 'Database viewer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Database viewer' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    // The first tab needs no parameter, and an unknown one opens it.
    await openTab(page, 'All Tickets');
    await expect(page).toHaveURL('/admin');
    await page.goto('/admin?tab=nonsense');
    await expect(page.getByRole('tab', { name: 'All Tickets' })).toHaveAttribute('aria-selected', 'true');
  });
});
