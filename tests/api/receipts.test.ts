import { randomUUID } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema/index.js';
import { financialYearOf } from '../../src/server/modules/receipts/numbering.js';
import { insertTicket } from '../../src/server/modules/tickets/queries.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { expectError, type Session, signUp } from '../support/api.js';
import {
  bookAndPay,
  type Draft,
  get,
  openBookingOrder,
  patch,
  paymentStatusOf,
  post,
  serviceDraft,
  testCheckoutPay,
  testProviderSignature,
  verify,
} from '../support/booking.js';
import { inProgressHelpers } from '../support/inprogress.js';
import { pdfText, pdfTextItems } from '../support/pdf-text.js';
import { allReceipts, receiptsOf } from '../support/receipts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** DECISIONS.md §7.4: ticket numbers, and a receipt for every captured or verified payment. */
let t: TestApp;
let draft: Draft;
let engineer: Session;
let admin: Session;

const BUSINESS = {
  BUSINESS_NAME: 'RemoteFix Services Pvt Ltd',
  BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001, Karnataka',
  GSTIN: '29AAGCB7383J1Z4',
};

beforeAll(async () => {
  t = await createTestApp(BUSINESS);
  draft = await serviceDraft(t);
  engineer = await signUp(t, { name: 'Ravi Engineer' }, 'engineer');
  admin = await signUp(t, { name: 'Meera Admin' }, 'admin');
});
afterAll(() => t.close());

const { inProgressTicket, payInProgress } = inProgressHelpers(() => ({ t, draft, engineer }));

/** The receipt number the next receipt of this year would carry, after `serial`. */
const numberOf = (serial: number) => `RF/${financialYearOf(new Date())}/${String(serial).padStart(6, '0')}`;

describe('ticket numbers', () => {
  it('number tickets RF-1001, RF-1002, … in every ticket answer', async () => {
    const customer = await signUp(t);
    const booked: Ticket[] = [];
    for (let i = 0; i < 3; i++) booked.push((await bookAndPay(t, customer, draft)).ticket);
    // The first tickets of a fresh database.
    expect(booked.map((b) => b.number)).toEqual(['RF-1001', 'RF-1002', 'RF-1003']);

    const mine = (await get(t, '/api/tickets', customer.headers)).json() as { tickets: Ticket[] };
    expect(mine.tickets.map((x) => x.number)).toEqual(['RF-1003', 'RF-1002', 'RF-1001']);
    const all = (await get(t, '/api/admin/tickets', admin.headers)).json() as { tickets: Ticket[] };
    expect(all.tickets.find((x) => x.id === booked[0]!.id)?.number).toBe('RF-1001');
    const assigned = await patch(
      t,
      `/api/admin/tickets/${booked[1]!.id}/assign`,
      { engineerId: engineer.user.id },
      admin.headers,
    );
    expect((assigned.json() as { ticket: Ticket }).ticket.number).toBe('RF-1002');
    const theirs = (await get(t, '/api/engineer/assigned-tickets', engineer.headers)).json() as { tickets: Ticket[] };
    expect(theirs.tickets.map((x) => x.number)).toEqual(['RF-1002']);
  });

  it('never reuse a number: a booking rolled back leaves its number unused', async () => {
    const customer = await signUp(t);
    const before = (await bookAndPay(t, customer, draft)).ticket.number;
    const rolledBack = t.database.db.transaction(async (tx) => {
      await insertTicket(tx, {
        userId: customer.user.id,
        mainServiceName: draft.main.name,
        subServiceName: draft.sub.name,
        service: `${draft.main.name} › ${draft.sub.name}`,
        description: draft.description,
        bookingOrderId: `order_rolled_back_${randomUUID()}`,
      });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    const after = (await bookAndPay(t, customer, draft)).ticket.number;
    expect(Number(after.slice(3))).toBe(Number(before.slice(3)) + 2);
  });
});

describe('receipts', () => {
  it('give a paid booking exactly one receipt, through capture, verification and replays', async () => {
    const customer = await signUp(t);
    const order = await openBookingOrder(t, customer, draft);
    const answer = await testCheckoutPay(t, customer, order.id); // captured
    const first = await verify(t, customer, answer); // captured → verified
    const ticket = (first.json() as { ticket: Ticket }).ticket;
    expect((await verify(t, customer, answer)).statusCode).toBe(200); // a replay
    const again = await post(t, '/api/tickets', { ...draftOf(draft), orderId: order.id }, customer.headers);
    expect(again.statusCode).toBe(200);
    expect(await paymentStatusOf(t, customer, order.id)).toBe('verified');

    const receipts = await receiptsOf(t, customer, ticket.id);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      number: expect.stringMatching(/^RF\/\d{4}-\d{2}\/\d{6}$/),
      kind: 'booking',
      amount: 9900,
      currency: 'INR',
      paidAt: expect.any(String),
      paymentId: answer.razorpay_payment_id,
    });
    expect(receipt!.number.startsWith(`RF/${financialYearOf(new Date())}/`)).toBe(true);
    expect(Math.abs(Date.parse(receipt!.paidAt) - Date.now())).toBeLessThan(60_000);
  });

  // The reports count a payment on the India day of its trail's paid event; a receipt dated by another
  // clock a moment later fell on the next day (or financial year) for a payment just before midnight.
  it('date each receipt at the moment its payment counts in the reports (the trail’s paid event)', async () => {
    const { customer, ticket } = await inProgressTicket();
    await payInProgress(customer, ticket.id);
    const history = (await get(t, `/api/admin/tickets/${ticket.id}/history?limit=100`, admin.headers)).json() as {
      events: { kind: string; detail: { kind?: string }; createdAt: string }[];
    };
    const paidAt = (kind: string) =>
      history.events.find((e) => e.kind === 'payment_captured' && e.detail.kind === kind)?.createdAt;
    const receipts = await receiptsOf(t, customer, ticket.id);
    expect(receipts.map((r) => [r.kind, r.paidAt])).toEqual([
      ['booking', paidAt('booking')],
      ['inprogress', paidAt('inprogress')],
    ]);
  });

  it('give the in-progress fee its own receipt, numbered next', async () => {
    const { customer, ticket } = await inProgressTicket();
    await payInProgress(customer, ticket.id);
    const receipts = await receiptsOf(t, customer, ticket.id);
    expect(receipts.map((r) => [r.kind, r.amount])).toEqual([
      ['booking', 9900],
      ['inprogress', 29900],
    ]);
    const [booking, fee] = receipts.map((r) => Number(r.number.slice(-6)));
    expect(fee).toBe(booking! + 1);
  });

  it('number every paid payment once, from 000001, without gaps or duplicates', async () => {
    // Payments of its own, so it means something run alone too: two bookings and a fee.
    const { customer, ticket } = await inProgressTicket();
    await bookAndPay(t, customer, draft);
    await payInProgress(customer, ticket.id);
    const rows = await allReceipts(t);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const [paid] = await t.database.db
      .select({ n: count() })
      .from(payments)
      .where(inArray(payments.status, ['captured', 'verified']));
    expect(rows).toHaveLength(paid!.n);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => numberOf(i + 1)));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
  });

  it('burn no number when the settlement fails after taking one', async () => {
    // A failure inside the settlement's transaction, after the number is taken: the receipt's insert.
    await t.database.db.execute(sql`
      create function rf_test_refuse_receipt() returns trigger language plpgsql as $$
      begin
        if new.customer_email like 'refused.%' then raise exception 'receipt refused by the test'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger rf_test_refuse_receipt before insert on receipts
      for each row execute function rf_test_refuse_receipt()`);
    const refused = await signUp(t, { email: `refused.${randomUUID()}@example.com` });
    const order = await openBookingOrder(t, refused, draft);
    const before = (await allReceipts(t)).length;
    const failed = await post(t, `/test-checkout/${order.id}`, { outcome: 'success' }, refused.headers);
    expect(failed.statusCode).toBe(500);
    // Nothing of it stayed: the order is unpaid, no ticket, no receipt.
    expect(await paymentStatusOf(t, refused, order.id)).toBe('created');
    expect(await allReceipts(t)).toHaveLength(before);

    const other = await signUp(t);
    const { ticket } = await bookAndPay(t, other, draft);
    expect((await receiptsOf(t, other, ticket.id))[0]!.number).toBe(numberOf(before + 1));

    await t.database.db.execute(sql`drop trigger rf_test_refuse_receipt on receipts`);
    await t.database.db.execute(sql`drop function rf_test_refuse_receipt()`);
    const paid = await verify(t, refused, testProviderSignature(order.id));
    const late = (paid.json() as { ticket: Ticket }).ticket;
    expect((await receiptsOf(t, refused, late.id))[0]!.number).toBe(numberOf(before + 2));
  });
});

describe('the receipt PDF', () => {
  it('names the business, the customer, the ticket, the fee, the amount, the payment and the date', async () => {
    const customer = await signUp(t, { name: 'Asha Rao' });
    const { ticket } = await bookAndPay(t, customer, draft);
    const [receipt] = await receiptsOf(t, customer, ticket.id);
    const res = await get(t, `/api/receipts/${receipt!.id}`, customer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${receipt!.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    for (const part of [
      receipt!.number,
      'INR 99.00',
      'Asha Rao',
      customer.user.email,
      ticket.number,
      ticket.service,
      'Booking fee',
      receipt!.paymentId,
      BUSINESS.BUSINESS_NAME,
      BUSINESS.BUSINESS_ADDRESS,
      `GSTIN: ${BUSINESS.GSTIN}`,
      'IST',
    ]) {
      expect(text).toContain(part);
    }
    // The test checkout moved no money (these tests run on it): the receipt says so.
    expect(text).toContain('TEST MODE: no money was received.');
  });

  it('names a customer in the script their name is written in (Indian scripts), not as ???', async () => {
    for (const name of ['राम शर्मा', 'முருகன்', 'সুমিতা দাস', 'Ravi ರವಿ Kumar']) {
      const customer = await signUp(t, { name });
      const { ticket } = await bookAndPay(t, customer, draft);
      const [receipt] = await receiptsOf(t, customer, ticket.id);
      const text = await pdfText((await get(t, `/api/receipts/${receipt!.id}`, customer.headers)).rawPayload);
      expect(text, name).not.toContain('?');
      // A reader gives back a shaped word in the order its glyphs are drawn: first words only, whose
      // order does not change.
      for (const word of name.split(' ').filter((w) => ['राम', 'முருகன்', 'Ravi', 'Kumar', 'ರವಿ'].includes(w))) {
        expect(text, name).toContain(word);
      }
    }
  });

  it('draws names whose conjuncts the PDF library cannot place marks on (Gurmukhi ਸ੍ਰੀ, Telugu శ్రీ)', async () => {
    for (const name of ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ', 'శ్రీనివాస్ రావు']) {
      const customer = await signUp(t, { name });
      const { ticket } = await bookAndPay(t, customer, draft);
      const [receipt] = await receiptsOf(t, customer, ticket.id);
      const res = await get(t, `/api/receipts/${receipt!.id}`, customer.headers);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text, name).toContain('Received from:');
      expect(text, name).not.toContain('?');
    }
  });

  it('names an Urdu-writing customer in Arabic script, its words right to left, on the line of the rest', async () => {
    const customer = await signUp(t, { name: 'عمران خان' });
    const { ticket } = await bookAndPay(t, customer, draft);
    const [receipt] = await receiptsOf(t, customer, ticket.id);
    const pdf = (await get(t, `/api/receipts/${receipt!.id}`, customer.headers)).rawPayload;
    // The reader gives glyphs without a character of their own (the joins) as control characters.
    const text = (await pdfText(pdf)).replace(/\p{Cc}/gu, '').replace(/\s+/g, ' ');
    expect(text).not.toContain('?');
    // Drawn right to left: read off the page from the left, the second word comes first.
    expect(text).toContain('Received from: خان عمران');
    // On the baseline of its label, not sunk below it.
    const items = await pdfTextItems(pdf);
    const label = items.find((i) => i.str.startsWith('Received from'));
    const urdu = items.filter((i) => /[\u0600-\u06ff]/.test(i.str));
    expect(urdu.length).toBeGreaterThan(0);
    // Marks sit above or below their letter: the letters themselves are on the line.
    expect(urdu.filter((i) => Math.abs(i.y - label!.y) < 0.5).length).toBeGreaterThan(urdu.length / 2);
  });

  it('shows what was issued: renaming the customer later does not change it', async () => {
    const customer = await signUp(t, { name: 'Kiran Old' });
    const { ticket } = await bookAndPay(t, customer, draft);
    const [receipt] = await receiptsOf(t, customer, ticket.id);
    const renamed = await patch(
      t,
      '/api/profile',
      { name: 'Kiran New', email: customer.user.email, phone: customer.user.phone },
      customer.headers,
    );
    expect(renamed.statusCode).toBe(200);
    const text = await pdfText((await get(t, `/api/receipts/${receipt!.id}`, customer.headers)).rawPayload);
    expect(text).toContain('Kiran Old');
    expect(text).not.toContain('Kiran New');
  });
});

describe('who may read receipts', () => {
  let customer: Session;
  let ticketId: string;
  let receiptId: string;

  beforeAll(async () => {
    customer = await signUp(t);
    const { ticket } = await bookAndPay(t, customer, draft);
    ticketId = ticket.id;
    await patch(t, `/api/admin/tickets/${ticketId}/assign`, { engineerId: engineer.user.id }, admin.headers);
    receiptId = (await receiptsOf(t, customer, ticketId))[0]!.id;
  });

  it('the ticket’s customer and admins', async () => {
    const root = await signUp(t, {}, 'superadmin');
    for (const reader of [customer, admin, root]) {
      expect((await receiptsOf(t, reader, ticketId)).map((r) => r.id)).toEqual([receiptId]);
      expect((await get(t, `/api/receipts/${receiptId}`, reader.headers)).statusCode).toBe(200);
    }
  });

  it('not its engineer, nor another customer (403)', async () => {
    const stranger = await signUp(t);
    for (const reader of [engineer, stranger]) {
      expectError(await get(t, `/api/tickets/${ticketId}/receipts`, reader.headers), 403);
      expectError(await get(t, `/api/receipts/${receiptId}`, reader.headers), 403);
    }
  });

  it('nobody signed out (401); unknown ids 404; malformed ids 400', async () => {
    expectError(await get(t, `/api/tickets/${ticketId}/receipts`), 401);
    expectError(await get(t, `/api/receipts/${receiptId}`), 401);
    expectError(await get(t, `/api/tickets/${randomUUID()}/receipts`, admin.headers), 404);
    expectError(await get(t, `/api/receipts/${randomUUID()}`, customer.headers), 404);
    expectError(await get(t, '/api/receipts/RF%2F2026-27%2F000001', customer.headers), 400);
  });
});

function draftOf(d: Draft) {
  return { mainServiceId: d.mainServiceId, subServiceId: d.subServiceId, description: d.description };
}
