import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../src/server/db/schema/index.js';
import type { ContactRequest } from '../../src/shared/contracts/admin.js';
import { mainServices, type Session, signUp, subServices, uniqueEmail } from '../support/api.js';
import { del, get, post } from '../support/booking.js';
import { contactFormBody, submitContact } from '../support/contact.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Contact requests as staff read them, GET /api/admin/contacts: the fields, newest first, paging
 * without gaps, and service names that outlive the deleted services. The form itself:
 * contact-form.test.ts.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('contact requests and GET /api/admin/contacts', () => {
  let admin: Session;
  beforeAll(async () => {
    admin = await signUp(t, {}, 'admin');
  });

  /** POST /api/contact/add, which must answer 201. */
  async function submitOk(body: ReturnType<typeof contactFormBody>) {
    expect((await submitContact(t, body)).statusCode).toBe(201);
  }

  type Page = { contacts: ContactRequest[]; nextCursor: string | null };
  async function contactsPage(query = ''): Promise<Page> {
    const res = await get(t, `/api/admin/contacts${query}`, admin.headers);
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  }

  /** Every request, following nextCursor from the first page; fails on an empty or oversized page. */
  async function walk(limit?: number) {
    const seen: ContactRequest[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params = [limit ? `limit=${limit}` : '', cursor ? `cursor=${encodeURIComponent(cursor)}` : ''];
      const query = params.filter(Boolean).join('&');
      const page: Page = await contactsPage(query ? `?${query}` : '');
      expect(page.contacts.length).toBeGreaterThan(0);
      expect(page.contacts.length).toBeLessThanOrEqual(limit ?? 20);
      seen.push(...page.contacts);
      cursor = page.nextCursor;
      pages++;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return { ids: seen.map((c) => c.id), contacts: seen, pages };
  }

  const byEmail = async (email: string) => {
    const found = (await walk(100)).contacts.find((c) => c.email === email);
    if (!found) throw new Error(`no contact request from ${email}`);
    return found;
  };

  it('keeps a request’s service names when its sub-service, then its main service, is deleted', async () => {
    const main = await post(t, '/api/admin/services', { name: 'Retro Macs', parentId: null }, admin.headers);
    const mainId = main.json().service.id as string;
    const sub = await post(t, '/api/admin/services', { name: 'Floppy drives', parentId: mainId }, admin.headers);
    const subId = sub.json().service.id as string;
    const body = contactFormBody(mainId, subId);
    await submitOk(body);
    expect(await byEmail(body.email)).toMatchObject({
      mainServiceId: mainId,
      subServiceId: subId,
      mainService: { name: 'Retro Macs' },
      subService: { name: 'Floppy drives' },
    });

    expect((await del(t, `/api/admin/services/${subId}`, admin.headers)).statusCode).toBe(200);
    expect(await byEmail(body.email)).toMatchObject({
      mainServiceId: mainId,
      subServiceId: null,
      mainService: { name: 'Retro Macs' },
      subService: { name: 'Floppy drives' },
    });

    expect((await del(t, `/api/admin/services/${mainId}`, admin.headers)).statusCode).toBe(200);
    expect(await byEmail(body.email)).toMatchObject({
      mainServiceId: null,
      subServiceId: null,
      mainService: { name: 'Retro Macs' },
      subService: { name: 'Floppy drives' },
    });
  });

  it('answers each request with the spec’s fields and the values it was sent', async () => {
    const [main] = await mainServices(t.app);
    const [sub] = await subServices(t.app, main!.id);
    const body = contactFormBody(main!.id, sub!.id, {
      name: 'Lakshmi Iyer',
      phone: '+91 99887 76655',
      computerType: 'Mac',
      description: 'Kernel panic on wake.',
      urgency: 'Urgent',
    });
    await submitOk(body);
    const { contacts } = await contactsPage();
    const contact = contacts[0]!;
    expect(Object.keys(contact).sort()).toEqual([
      'computerType',
      'createdAt',
      'description',
      'email',
      'handledAt',
      'hasAccount',
      'id',
      'mainService',
      'mainServiceId',
      'name',
      'phone',
      'subService',
      'subServiceId',
      'urgency',
    ]);
    expect(contact).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Lakshmi Iyer',
      email: body.email,
      phone: '+91 99887 76655',
      computerType: 'Mac',
      description: 'Kernel panic on wake.',
      urgency: 'Urgent',
      mainServiceId: main!.id,
      subServiceId: sub!.id,
      mainService: { name: main!.name },
      subService: { name: sub!.name },
      createdAt: expect.any(String),
      handledAt: null,
      hasAccount: false,
    });
    expect(new Date(contact.createdAt).toISOString()).toBe(contact.createdAt);
    expect(Math.abs(Date.now() - Date.parse(contact.createdAt))).toBeLessThan(60_000);
  });

  it('lists newest first', async () => {
    const [main] = await mainServices(t.app);
    const [sub] = await subServices(t.app, main!.id);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = contactFormBody(main!.id, sub!.id, { description: `Request ${i + 1}` });
      await submitOk(body);
      sent.push(body.email);
    }
    const { contacts } = await contactsPage();
    expect(contacts.slice(0, 3).map((c) => c.email)).toEqual([...sent].reverse());
    const times = contacts.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages through more than one page with no duplicates and no gaps, rows sharing one timestamp included', async () => {
    const [main] = await mainServices(t.app);
    const [sub] = await subServices(t.app, main!.id);
    for (let i = 0; i < 5; i++) await submitOk(contactFormBody(main!.id, sub!.id));
    // 17 requests in one statement share created_at, so only the id orders them.
    await t.database.db.insert(contactRequests).values(
      Array.from({ length: 17 }, (_, i) => ({
        name: `Bulk ${i}`,
        email: uniqueEmail('bulk'),
        phone: '+91 91234 56789',
        computerType: 'Other' as const,
        description: `Bulk request ${i}`,
        urgency: 'Low' as const,
        mainServiceId: main!.id,
        subServiceId: sub!.id,
        mainServiceName: main!.name,
        subServiceName: sub!.name,
      })),
    );
    const total = await t.database.db.$count(contactRequests);
    expect(total).toBeGreaterThan(20);

    const all = await walk(100);
    expect(all.pages).toBe(1);
    expect(all.ids).toHaveLength(total);
    expect(new Set(all.ids).size).toBe(total);

    const byDefault = await walk();
    expect(byDefault.pages).toBe(Math.ceil(total / 20));
    expect(byDefault.ids).toEqual(all.ids);

    const byThree = await walk(3);
    expect(byThree.pages).toBe(Math.ceil(total / 3));
    expect(byThree.ids).toEqual(all.ids);
    expect(new Set(byThree.ids).size).toBe(total);
  });
});
