// Helpers for the browser tests that need test data through the real API (accounts, logins, paid
// tickets, engineers) and small locator utilities: the admin and engineer tests, and the customer
// tests for the catalogue names and API logins. The browser-only journey is service-loop.spec.ts,
// which uses none of the API helpers.
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request } from '@playwright/test';
import type { AuthResponse, User } from '../../../src/shared/contracts/auth';
import type { CheckoutSuccess, OrderResponse } from '../../../src/shared/contracts/payments';
import type { Ticket } from '../../../src/shared/contracts/tickets';
import { E2E_ADMIN, expect, loginInBrowser, signUpViaApi, uniqueEmail, type ApiAccount } from './fixtures';

export const MAIN = 'Hardware Diagnostics';
export const SUB = 'Laptop Not Turning On';
export const SERVICE = `${MAIN} › ${SUB}`;

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A short id that makes names and descriptions unique to one test run. */
export const runId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<AuthResponse> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.status(), `login failed: ${await res.text()}`).toBe(200);
  return (await res.json()) as AuthResponse;
}

export const adminToken = async (request: APIRequestContext) =>
  (await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password)).token;

/** Opens /admin signed in as the e2e superadmin. */
export async function openAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await loginInBrowser(page, await adminToken(request));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
}

export type AdminTab = 'All Tickets' | 'All Users' | 'Contact Requests' | 'Services';

/** Selects an admin tab and answers its panel. */
export async function openTab(page: Page, name: AdminTab): Promise<Locator> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name });
}

/** Clicks Load more until `item` is shown (the lists are paged, newest first, and shared by parallel tests). */
export async function reveal(scope: Locator, item: Locator): Promise<void> {
  const more = scope.getByRole('button', { name: 'Load more' });
  await expect(item.or(more).first()).toBeVisible();
  for (let i = 0; i < 50 && !(await item.isVisible()); i++) {
    await more.click();
    await expect(scope.getByRole('status', { name: 'Loading more' })).toHaveCount(0);
    await expect(item.or(more).first()).toBeVisible();
  }
  await expect(item).toBeVisible();
}

/** The admin's All Tickets row of the ticket with this description, loaded into view (Load more). */
export async function revealTicketRow(page: Page, description: string) {
  const panel = page.getByRole('tabpanel', { name: 'All Tickets' });
  const row = panel.getByRole('row').filter({ hasText: description });
  await reveal(panel, row);
  return { panel, row };
}

/** Records the requests the page makes whose path matches `pattern` (and, if given, whose method is `method`). */
export function recordRequests(page: Page, pattern: RegExp, method?: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if ((method === undefined || r.method() === method) && pattern.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

/** Records console errors and uncaught exceptions of a context the test opened itself. */
export function watchErrors(context: BrowserContext, problems: string[]): void {
  context.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  context.on('weberror', (err) => problems.push(`pageerror: ${err.error().stack ?? err.error().message}`));
}

/** An anonymous visitor in a browser context of its own (own storage, own HTTP cache). */
export async function visitorPage(
  browser: Browser,
  problems: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  watchErrors(context, problems);
  return { context, page: await context.newPage() };
}

/** A customer books and pays a ticket through the API (order → test checkout → verify). */
export async function bookTicketViaApi(
  request: APIRequestContext,
  description: string,
  customer?: ApiAccount,
): Promise<{ ticket: Ticket; customer: ApiAccount }> {
  const account = customer ?? (await signUpViaApi(request, { name: `Customer ${runId()}` }));
  const headers = auth(account.token);
  const mains = (await (await request.get('/api/admin/services/main')).json()) as {
    mainServices: { id: string; name: string }[];
  };
  const main = mains.mainServices.find((m) => m.name === MAIN);
  expect(main, `the seeded catalogue has ${MAIN}`).toBeTruthy();
  const subs = (await (await request.get(`/api/admin/services/${main!.id}/sub`)).json()) as {
    subServices: { id: string; name: string }[];
  };
  const sub = subs.subServices.find((s) => s.name === SUB);
  expect(sub, `the seeded catalogue has ${SUB}`).toBeTruthy();

  const orderRes = await request.post('/order', {
    headers,
    data: {
      mainServiceId: main!.id,
      subServiceId: sub!.id,
      description,
      amount: 9900,
      currency: 'INR',
    },
  });
  expect(orderRes.status(), await orderRes.text()).toBe(201);
  const order = (await orderRes.json()) as OrderResponse;
  const paid = await request.post(`/test-checkout/${order.id}`, {
    headers,
    data: { outcome: 'success' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const verified = await request.post('/verify', {
    headers,
    data: (await paid.json()) as CheckoutSuccess,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { ticket } = (await verified.json()) as { ticket: Ticket };
  expect(ticket.description).toBe(description);
  return { ticket, customer: account };
}

export interface StaffAccount {
  user: User;
  password: string;
}

/** The admin assigns `engineer` to the ticket through the API (its rules and locks), and expects it to succeed. */
export async function assignViaApi(request: APIRequestContext, ticketId: string, engineer: { user: User }) {
  const assigned = await request.patch(`/api/admin/tickets/${ticketId}/assign`, {
    headers: auth(await adminToken(request)),
    data: { engineerId: engineer.user.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

/** An admin creates an engineer through the API. */
export async function createEngineerViaApi(request: APIRequestContext, name: string): Promise<StaffAccount> {
  const password = 'engineer-password-42';
  const res = await request.post('/api/admin/users', {
    headers: auth(await adminToken(request)),
    data: {
      name,
      email: uniqueEmail('engineer'),
      phone: '+91 91234 56789',
      password,
      role: 'engineer',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: User };
  return { user, password };
}
