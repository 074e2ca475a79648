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
