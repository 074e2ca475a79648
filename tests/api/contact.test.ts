import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../src/server/db/schema/index.js';
import type { ContactRequest } from '../../src/shared/contracts/admin.js';
import { COMPUTER_TYPES, URGENCIES } from '../../src/shared/contracts/contact.js';
import { expectError, mainServices, type Session, signUp, subServices, uniqueEmail } from '../support/api.js';
import { del, get, post } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let main: { id: string; name: string };
let sub: { id: string; name: string };
let otherMain: { id: string; name: string };
let otherSub: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const mains = await mainServices(t.app);
  main = mains[0]!;
  otherMain = mains[1]!;
  sub = (await subServices(t.app, main.id))[0]!;
  otherSub = (await subServices(t.app, otherMain.id))[0]!;
});
afterAll(() => t.close());

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi Kumar',
  email: uniqueEmail('contact'),
  phone: '+91 91234 56789',
  computerType: 'Laptop',
  description: 'My laptop will not boot past the logo.',
  urgency: 'Medium',
  mainServiceId: main.id,
  subServiceId: sub.id,
  ...overrides,
});

const submit = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/contact/add', payload: payload as object, headers });

const countRows = () => t.database.db.$count(contactRequests);
const rowsFor = (email: string) => t.database.db.select().from(contactRequests).where(eq(contactRequests.email, email));

describe('POST /api/contact/add', () => {
  it('stores a valid request without any login and answers 201 { success: true }', async () => {
    const body = validBody({ name: '  Ravi Kumar  ', description: '  Boot loop.  ' });
    const res = await submit(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });

    const rows = await rowsFor(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ravi Kumar',
      email: body.email,
      phone: body.phone,
      computerType: 'Laptop',
      description: 'Boot loop.',
      urgency: 'Medium',
      mainServiceId: main.id,
      subServiceId: sub.id,
      mainServiceName: main.name,
      subServiceName: sub.name,
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail('contactcase');
    expect((await submit(validBody({ email: `  ${email.toUpperCase()} ` }))).statusCode).toBe(201);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('does not need auth, and a bad token does not get in the way', async () => {
    const res = await submit(validBody(), { authorization: 'Bearer junk' });
    expect(res.statusCode).toBe(201);
  });

  const REQUIRED = ['name', 'email', 'phone', 'description', 'mainServiceId', 'subServiceId'] as const;

  for (const field of REQUIRED) {
    it(`answers 400 { error } and stores nothing when ${field} is missing`, async () => {
      const before = await countRows();
      const body: Record<string, unknown> = validBody();
      delete body[field];
      expectError(await submit(body), 400);
      expect(await countRows()).toBe(before);
    });

    it(`answers 400 { error } and stores nothing when ${field} is blank or empty`, async () => {
      const before = await countRows();
      expectError(await submit(validBody({ [field]: '   ' })), 400);
      expectError(await submit(validBody({ [field]: '' })), 400);
      expectError(await submit(validBody({ [field]: null })), 400);
      expect(await countRows()).toBe(before);
    });
  }

  it('answers 400 for an invalid email or phone', async () => {
    expectError(await submit(validBody({ email: 'not-an-email' })), 400, /email/i);
    expectError(await submit(validBody({ phone: 'abc' })), 400, /phone/i);
  });

  it.each(COMPUTER_TYPES)('accepts the computer type %j', async (computerType) => {
    const body = validBody({ computerType });
    expect((await submit(body)).statusCode).toBe(201);
    expect((await rowsFor(body.email))[0]?.computerType).toBe(computerType);
  });

  it.each(['Tablet', 'laptop', 'mac', '', 'Desktop', 42])(
    'refuses the computer type %j with 400',
    async (computerType) => {
      const body = validBody({ computerType });
      expectError(await submit(body), 400);
      expect(await rowsFor(body.email)).toHaveLength(0);
    },
  );

  it.each(URGENCIES)('accepts the urgency %j', async (urgency) => {
    const body = validBody({ urgency });
    expect((await submit(body)).statusCode).toBe(201);
    expect((await rowsFor(body.email))[0]?.urgency).toBe(urgency);
  });

  it.each(['High', 'low', 'urgent', '', 'Critical', 1])('refuses the urgency %j with 400', async (urgency) => {
    const body = validBody({ urgency });
    expectError(await submit(body), 400);
    expect(await rowsFor(body.email)).toHaveLength(0);
  });

  it('refuses a sub-service that belongs to another main service with 400', async () => {
    const body = validBody({ subServiceId: otherSub.id });
    expectError(await submit(body), 400);
    expect(await rowsFor(body.email)).toHaveLength(0);
  });

  it('refuses a sub-service given as the main service, and a main given as the sub-service, with 400', async () => {
    expectError(await submit(validBody({ mainServiceId: sub.id, subServiceId: sub.id })), 400);
    expectError(await submit(validBody({ mainServiceId: main.id, subServiceId: otherMain.id })), 400);
    expectError(await submit(validBody({ mainServiceId: main.id, subServiceId: main.id })), 400);
  });

  it('refuses unknown service ids with 400', async () => {
    expectError(await submit(validBody({ mainServiceId: randomUUID() })), 400);
    expectError(await submit(validBody({ subServiceId: randomUUID() })), 400);
    expectError(await submit(validBody({ mainServiceId: randomUUID(), subServiceId: randomUUID() })), 400);
  });

  it('refuses service ids that are not uuids with 400', async () => {
    expectError(await submit(validBody({ mainServiceId: 'hardware' })), 400);
    expectError(await submit(validBody({ subServiceId: 12 })), 400);
  });

  it('refuses an over-long description with 400', async () => {
    expectError(await submit(validBody({ description: 'x'.repeat(2001) })), 400, /description/i);
  });

  it('ignores extra fields such as an id or a createdAt', async () => {
    const id = randomUUID();
    const body = validBody({ id, createdAt: '2000-01-01T00:00:00.000Z', mainServiceName: 'Fake' });
    expect((await submit(body)).statusCode).toBe(201);
    const [row] = await rowsFor(body.email);
    expect(row?.id).not.toBe(id);
    expect(row?.createdAt.getUTCFullYear()).not.toBe(2000);
    expect(row?.mainServiceName).toBe(main.name);
  });
});

describe('contact requests and GET /api/admin/contacts', () => {
  let admin: Session;
  beforeAll(async () => {
    admin = await signUp(t, {}, 'admin');
  });

  const contactBody = (mainServiceId: string, subServiceId: string, overrides = {}) =>
    validBody({ mainServiceId, subServiceId, ...overrides });

  /** POST /api/contact/add, which must answer 201. */
  async function submitOk(body: ReturnType<typeof contactBody>) {
    expect((await submit(body)).statusCode).toBe(201);
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
    const body = contactBody(mainId, subId);
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
    const body = contactBody(main!.id, sub!.id, {
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
    });
    expect(new Date(contact.createdAt).toISOString()).toBe(contact.createdAt);
    expect(Math.abs(Date.now() - Date.parse(contact.createdAt))).toBeLessThan(60_000);
  });

  it('lists newest first', async () => {
    const [main] = await mainServices(t.app);
    const [sub] = await subServices(t.app, main!.id);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = contactBody(main!.id, sub!.id, { description: `Request ${i + 1}` });
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
    for (let i = 0; i < 5; i++) await submitOk(contactBody(main!.id, sub!.id));
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
