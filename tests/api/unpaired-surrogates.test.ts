import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, tickets } from '../../src/server/db/schema/index.js';
import { expectError, injectNo5xx, signUp, uniqueEmail } from '../support/api.js';
import { bookAndPay, type Draft, draftBody, inProgressWith, serviceDraft } from '../support/booking.js';
import { contactFormBody } from '../support/contact.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Half of a UTF-16 surrogate pair is valid in JSON text ("\ud800") but is no character at all:
// PostgreSQL refuses it inside jsonb (22P02), and a text column would silently store U+FFFD in its
// place. Every free-text field refuses it with 400 before anything is stored.

let t: TestApp;
let draft: Draft;
beforeAll(async () => {
  t = await createTestApp();
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

const UNPAIRED = ['broken \ud800', '\udc00 at the start', 'reversed \udc00\ud800 pair', 'at the end \udbff'];

describe('unpaired surrogates in free text', () => {
  it('refuses them in a booking description with 400 and opens no order', async () => {
    const s = await signUp(t);
    for (const description of UNPAIRED) {
      const res = await injectNo5xx(t, {
        method: 'POST',
        url: '/order',
        headers: s.headers,
        payload: { ...draftBody(draft), description, amount: 9900, currency: 'INR' },
      });
      expectError(res, 400, 'Description contains characters that are not allowed');
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, s.user.id))).toEqual([]);
  });

  it("refuses them in an engineer's completion remarks with 400 and leaves the ticket in progress", async () => {
    const { ticket } = await bookAndPay(t, await signUp(t), draft);
    const engineer = await inProgressWith(t, ticket.id);
    for (const remarks of UNPAIRED) {
      const res = await injectNo5xx(t, {
        method: 'PATCH',
        url: `/api/tickets/${ticket.id}/complete`,
        headers: engineer.headers,
        payload: { remarks },
      });
      expectError(res, 400, 'Remarks contain characters that are not allowed');
    }
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'in-progress', remarks: null });
  });

  it('refuses them in a name or a request form instead of storing a replacement character', async () => {
    const signup = await injectNo5xx(t, {
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'Asha \ud83d', email: uniqueEmail('half'), phone: '+91 98765 43210', password: 'long-enough-1' },
    });
    expectError(signup, 400, 'Name contains characters that are not allowed');
    const contact = await injectNo5xx(t, {
      method: 'POST',
      url: '/api/contact/add',
      payload: contactFormBody(draft.mainServiceId, draft.subServiceId, { description: 'The fan \udead' }),
    });
    expectError(contact, 400, 'Description contains characters that are not allowed');
  });

  it('still takes whole characters made of a surrogate pair', async () => {
    const s = await signUp(t, { name: 'Asha 😀 Rao' });
    expect(s.user.name).toBe('Asha 😀 Rao');
    const { ticket } = await bookAndPay(t, s, { ...draft, description: 'Screen flickers 🖥️ after sleep 😴' });
    expect(ticket.description).toBe('Screen flickers 🖥️ after sleep 😴');
  });
});
