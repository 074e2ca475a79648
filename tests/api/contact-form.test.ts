import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../src/server/db/schema/index.js';
import { COMPUTER_TYPES, URGENCIES } from '../../src/shared/contracts/contact.js';
import { expectError, mainServices, subServices, uniqueEmail } from '../support/api.js';
import { contactFormBody, submitContact } from '../support/contact.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The public request form, POST /api/contact/add: what it stores without a login, and every
 * request it refuses with 400, storing nothing. How staff read the requests: contact-admin.test.ts.
 */

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

const validBody = (overrides: Record<string, unknown> = {}) => contactFormBody(main.id, sub.id, overrides);

const submit = (payload: unknown, headers: Record<string, string> = {}) => submitContact(t, payload, headers);

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
