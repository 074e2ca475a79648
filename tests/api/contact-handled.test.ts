import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequest } from '../../src/shared/contracts/admin.js';
import { expectError, mainServices, type Session, signUp, subServices, uniqueEmail } from '../support/api.js';
import { get, patch } from '../support/booking.js';
import { contactFormBody, submitContact } from '../support/contact.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 29: contact requests marked handled (PATCH /api/admin/contacts/{id}), the list filtered on it,
// and whether the request's email is a customer account's (for a ticket draft in the admin's view).

let t: TestApp;
let admin: Session;
let ids: { main: string; sub: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, 'admin');
  const [main] = await mainServices(t.app);
  const [sub] = await subServices(t.app, main!.id);
  ids = { main: main!.id, sub: sub!.id };
});
afterAll(() => t.close());

async function submitted(email = uniqueEmail('contact')): Promise<ContactRequest> {
  expect((await submitContact(t, contactFormBody(ids.main, ids.sub, { email }))).statusCode).toBe(201);
  const found = (await list('?limit=100')).find((c) => c.email.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error('submitted request not listed');
  return found;
}
async function list(query: string) {
  const res = await get(t, `/api/admin/contacts${query}`, admin.headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as { contacts: ContactRequest[] }).contacts;
}
const mark = (id: string, handled: unknown, headers = admin.headers) =>
  patch(t, `/api/admin/contacts/${id}`, { handled }, headers);

describe('PATCH /api/admin/contacts/{id}', () => {
  it('marks a request handled and open again; the list filters open and handled ones', async () => {
    const request = await submitted();
    expect(request.handledAt).toBeNull();

    const done = await mark(request.id, true);
    expect(done.statusCode).toBe(200);
    const handledAt = done.json().contact.handledAt as string;
    expect(Math.abs(Date.now() - Date.parse(handledAt))).toBeLessThan(60_000);
    // Marking it again keeps the first time.
    expect((await mark(request.id, true)).json().contact.handledAt).toBe(handledAt);

    expect((await list('?limit=100&handled=true')).map((c) => c.id)).toContain(request.id);
    expect((await list('?limit=100&handled=false')).map((c) => c.id)).not.toContain(request.id);

    expect((await mark(request.id, false)).json().contact.handledAt).toBeNull();
    expect((await list('?limit=100&handled=false')).map((c) => c.id)).toContain(request.id);
    expect((await list('?limit=100&handled=true')).map((c) => c.id)).not.toContain(request.id);
  });

  it('says whether the email is a customer account’s, whatever its case', async () => {
    const customer = await signUp(t);
    const mine = await submitted(customer.user.email.toUpperCase());
    expect(mine.hasAccount).toBe(true);
    expect((await submitted()).hasAccount).toBe(false);
    const engineer = await signUp(t, {}, 'engineer');
    expect((await submitted(engineer.user.email)).hasAccount).toBe(false);
  });

  it('answers 400 for a body without a boolean, 404 for no such request, 403 for a customer', async () => {
    const request = await submitted();
    expectError(await mark(request.id, 'yes'), 400);
    expectError(await mark('00000000-0000-4000-8000-000000000000', true), 404, 'Contact request not found');
    const customer = await signUp(t);
    expect((await mark(request.id, true, customer.headers)).statusCode).toBe(403);
    expectError(await get(t, '/api/admin/contacts?handled=maybe', admin.headers), 400);
  });
});

describe('GET /api/admin/contacts?q=', () => {
  const run = Date.now().toString(36);
  const send = async (overrides: Record<string, unknown>) =>
    expect((await submitContact(t, contactFormBody(ids.main, ids.sub, overrides))).statusCode).toBe(201);
  const names = async (query: string) => (await list(`?limit=100&q=${encodeURIComponent(query)}`)).map((c) => c.name);

  it('finds requests by name, email, description or phone digits, newest first, with the handled filter', async () => {
    await send({ name: `Kavya Menon ${run}`, phone: '+91 94444 12345', description: `Fan noise ${run} on a ThinkPad` });
    await send({ name: `Kavya Rao ${run}`, email: `kavya.${run}@example.com`, description: `Wi-Fi drops ${run}` });
    expect(await names(`KAVYA`)).toEqual([`Kavya Rao ${run}`, `Kavya Menon ${run}`]);
    expect(await names(`kavya.${run}@EXAMPLE`)).toEqual([`Kavya Rao ${run}`]);
    expect(await names(`fan noise ${run}`)).toEqual([`Kavya Menon ${run}`]);
    expect(await names('9444412345')).toEqual([`Kavya Menon ${run}`]);

    const rao = (await list(`?limit=100&q=${encodeURIComponent(`Kavya Rao ${run}`)}`))[0]!;
    expect((await mark(rao.id, true)).statusCode).toBe(200);
    expect((await list(`?limit=100&handled=false&q=${encodeURIComponent(`kavya`)}`)).map((c) => c.name)).toEqual([
      `Kavya Menon ${run}`,
    ]);
    expect((await list(`?handled=true&q=${encodeURIComponent(`${run}`)}`)).map((c) => c.name)).toEqual([
      `Kavya Rao ${run}`,
    ]);
  });

  it("takes LIKE's own characters literally, and refuses a q over 100 characters", async () => {
    expect(await names(`%${run}_nobody`)).toEqual([]);
    expectError(await get(t, `/api/admin/contacts?q=${'x'.repeat(101)}`, admin.headers), 400, /at most 100 characters/);
  });
});
