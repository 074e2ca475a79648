import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, messageEmailMarks } from '../../src/server/db/schema/index.js';
import { deliverEmail } from '../../src/server/modules/email/sender.js';
import type { EmailDetail, EmailsResponse, EmailSummary } from '../../src/shared/contracts/emails.js';
import type { Job, JobsResponse } from '../../src/shared/contracts/jobs.js';
import type { ReceiptsResponse } from '../../src/shared/contracts/receipts.js';
import { BOOT_SUPERADMIN, bearer, createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, type Draft, get, patch, post, serviceDraft, testCheckoutPay, verify } from '../support/booking.js';
import { contactFormBody, submitContact } from '../support/contact.js';
import { linksIn, type ReceivedEmail, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// DECISIONS.md §7.3 against a real SMTP server on loopback: each email of the ticket's life arrives
// with both parts and links from PUBLIC_URL; optional ones honour the account's settings and carry a
// one-click unsubscribe; the admins' outgoing-email view lists, previews and retries.

const SUPPORT = 'desk@remotefix.example';
const PUBLIC_URL = 'https://remotefix.example';

let inbox: SmtpInbox;
let t: TestApp;
let superadmin: { authorization: string };
let admin: Session;
let engineer: Session;
let draft: Draft;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'RemoteFix <no-reply@remotefix.example>',
    SUPPORT_EMAIL: SUPPORT,
    PUBLIC_URL,
    MAIL_RETRY_LIMIT: '2',
    MAIL_RETRY_DELAY: '1',
    ADMIN_EMAIL: BOOT_SUPERADMIN.email,
    ADMIN_PASSWORD: BOOT_SUPERADMIN.password,
  });
  const login = await post(t, '/api/login', BOOT_SUPERADMIN);
  superadmin = bearer((login.json() as { token: string }).token);
  admin = await signUp(t, {}, 'admin');
  engineer = await signUp(t, { name: 'Esha Engineer' }, 'engineer');
  draft = await serviceDraft(t);
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

/** The failed `email.send` job of an email, as the Jobs tab lists it. */
async function failedSendOf(emailId: string): Promise<Job | undefined> {
  const res = await get(t, '/api/admin/jobs?state=failed&limit=100', admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as JobsResponse).jobs.find((j) => j.name === 'email.send' && j.email?.id === emailId);
}
const rowOf = async (id: string) => (await t.database.db.select().from(emails).where(eq(emails.id, id)))[0];
const rowsTo = (address: string) => t.database.db.select().from(emails).where(eq(emails.to, address));

async function listed(status?: string): Promise<EmailSummary[]> {
  const res = await get(t, `/api/admin/emails?limit=100${status ? `&status=${status}` : ''}`, admin.headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as EmailsResponse).emails;
}

/** Waits (up to 20 s) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A booked ticket of a new customer, its confirmation received. */
async function bookedTicket(name = 'Asha Rao') {
  const customer = await signUp(t, { name });
  const { ticket, orderId } = await bookAndPay(t, customer, draft);
  return { customer, ticket, orderId };
}

/** The customer pays the ticket's in-progress fee through the test checkout. */
async function payInProgressFee(customer: Session, ticketId: string) {
  const order = await post(t, '/order-inprogress', { amount: 29900, currency: 'INR', ticketId }, customer.headers);
  expect(order.statusCode, order.body).toBe(201);
  const paid = await verify(t, customer, await testCheckoutPay(t, customer, (order.json() as { id: string }).id));
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('the emails of a ticket, received over SMTP', () => {
  it('booking confirmed: to the customer, both parts, the ticket number, its link and the receipt PDF', async () => {
    const { customer, ticket } = await bookedTicket();
    const mail = await inbox.waitFor((m) => m.to.includes(customer.user.email) && /Booking confirmed/.test(m.subject));
    const number = ticket.number;
    expect(mail.subject).toBe(`Booking confirmed: ${number}`);
    expect(mail.from).toBe('no-reply@remotefix.example');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('RemoteFix');
      expect(part).toContain(number);
      expect(part).toContain(draft.description);
      // Paid at the test checkout: the email says no money moved, as its receipt does.
      expect(part).toContain('Test mode: no money was taken.');
    }
    expect(linksIn(mail, PUBLIC_URL)).toContain(`${PUBLIC_URL}/tickets/${ticket.id}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/tickets/${ticket.id}"`);
    // Always sent: no unsubscribe.
    expect(mail.header('list-unsubscribe')).toBe('');
    const [pdf] = mail.attachments;
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.filename).toMatch(/^RF-\d{4}-\d{2}-\d{6}\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Its Message-ID names the email row, and the row says sent, once. The SMTP server has the
    // message a moment before the sender marks the row sent: waited for, as the other tests here do.
    await until(async () => (await rowsTo(customer.user.email))[0]?.status === 'sent');
    const [row] = await rowsTo(customer.user.email);
    expect(mail.messageId).toBe(`<${row?.id}@remotefix.example>`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, ticketId: ticket.id });
  });

  it('engineer assigned, fee due, completed: to the customer (and the engineer), with the right links', async () => {
    const { customer, ticket } = await bookedTicket('Meera Customer');
    const number = ticket.number;
    const assign = await patch(
      t,
      `/api/admin/tickets/${ticket.id}/assign`,
      { engineerId: engineer.user.id },
      admin.headers,
    );
    expect(assign.statusCode).toBe(200);
    const toCustomer = await inbox.waitFor(
      (m) => m.to.includes(customer.user.email) && m.subject === `${number}: Esha Engineer is your engineer`,
    );
    const toEngineer = await inbox.waitFor(
      (m) => m.to.includes(engineer.user.email) && m.subject === `New ticket for you: ${number}`,
    );
    expect(toCustomer.text).toContain('When the work starts, the ₹299 in-progress fee is due');
    expect(toEngineer.text).toContain('Meera Customer');
    for (const mail of [toCustomer, toEngineer]) {
      expect(mail.html).toContain(number);
      expect(linksIn(mail, PUBLIC_URL)).toContain(`${PUBLIC_URL}/tickets/${ticket.id}`);
      // Optional: an unsubscribe link in the body and the one-click headers (RFC 8058).
      const header = mail.header('list-unsubscribe');
      expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe\\?token=[^>]+>$`));
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(linksIn(mail, `${PUBLIC_URL}/unsubscribe?token=`)).toHaveLength(1);
    }

    expect(
      (await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers)).statusCode,
    ).toBe(200);
    const due = await inbox.waitFor((m) => m.to.includes(customer.user.email) && /fee due/.test(m.subject));
    expect(due.subject).toBe(`${number} is in progress: ₹299 fee due`);
    expect(due.text).toContain('₹299');

    // Paying it: its receipt is emailed too, always (§7.3 "receipts are always sent").
    expect((await patch(t, '/api/profile/notifications', { ticketUpdates: false }, customer.headers)).statusCode).toBe(
      200,
    );
    await payInProgressFee(customer, ticket.id);
    const received = await inbox.waitFor((m) => m.to.includes(customer.user.email) && /₹299 received/.test(m.subject));
    expect(received.subject).toBe(`${number}: ₹299 received`);
    expect(received.text).toContain('Esha Engineer');
    expect(received.header('list-unsubscribe')).toBe('');
    expect(linksIn(received, PUBLIC_URL)).toContain(`${PUBLIC_URL}/tickets/${ticket.id}`);
    const [receipt] = received.attachments;
    expect(receipt?.contentType).toBe('application/pdf');
    expect(receipt?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The receipt attached is the fee's, not the booking's.
    const listed = (await get(t, `/api/tickets/${ticket.id}/receipts`, customer.headers)).json() as {
      receipts: { number: string; kind: string }[];
    };
    const feeReceipt = listed.receipts.find((r) => r.kind === 'inprogress');
    expect(receipt?.filename).toBe(`${feeReceipt?.number.replaceAll('/', '-')}.pdf`);
    expect((await patch(t, '/api/profile/notifications', { ticketUpdates: true }, customer.headers)).statusCode).toBe(
      200,
    );

    const remarks = 'Replaced the failing driver.\nRan a full scan: all clean.';
    const done = await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks }, engineer.headers);
    expect(done.statusCode).toBe(200);
    const completed = await inbox.waitFor((m) => m.to.includes(customer.user.email) && /is complete/.test(m.subject));
    expect(completed.text).toContain('> Replaced the failing driver.\n> Ran a full scan: all clean.');
    expect(completed.html).toContain('Replaced the failing driver.<br>Ran a full scan: all clean.');
    expect(linksIn(completed, PUBLIC_URL)).toContain(`${PUBLIC_URL}/tickets/${ticket.id}?rate=1`);
    // One fee notice for the ticket however its status moves.
    expect((await rowsTo(customer.user.email)).filter((r) => r.kind === 'fee-due')).toHaveLength(1);
  });

  it('the assigned email tells the fee as it stands; a ticket an admin closes is not the engineer’s work', async () => {
    const { customer, ticket } = await bookedTicket('Kavya Customer');
    const second = await signUp(t, { name: 'Ravi Second' }, 'engineer');
    const number = ticket.number;
    const assigned = (engineerName: string) =>
      inbox.waitFor(
        (m) => m.to.includes(customer.user.email) && m.subject === `${number}: ${engineerName} is your engineer`,
      );
    // In progress before anyone is on it: once assigned, the fee is due now, not "when the work starts".
    expect(
      (await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers)).statusCode,
    ).toBe(200);
    const assign = { engineerId: engineer.user.id };
    expect((await patch(t, `/api/admin/tickets/${ticket.id}/assign`, assign, admin.headers)).statusCode).toBe(200);
    const first = await assigned('Esha Engineer');
    expect(first.text).toContain('The work has started: the ₹299 in-progress fee is due now.');
    expect(first.text).not.toContain('When the work starts');

    // Paid, then handed to another engineer: nothing is owed, and the email says so.
    await payInProgressFee(customer, ticket.id);
    const reassign = { engineerId: second.user.id, replaces: engineer.user.id };
    expect((await patch(t, `/api/admin/tickets/${ticket.id}/assign`, reassign, admin.headers)).statusCode).toBe(200);
    const again = await assigned('Ravi Second');
    expect(again.text).toContain('Your ₹299 in-progress fee is paid');
    expect(again.text).not.toMatch(/is due/);

    // An admin closes it: the email says the ticket is complete, not that Ravi completed it.
    expect((await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'completed' }, admin.headers)).statusCode).toBe(
      200,
    );
    const completed = await inbox.waitFor((m) => m.to.includes(customer.user.email) && /is complete/.test(m.subject));
    expect(completed.text).toContain(`Your ticket ${number} is complete.`);
    expect(completed.text).not.toContain('Ravi Second');
  });

  it('a public repair request: to SUPPORT_EMAIL, replying to the visitor, every value escaped in the HTML', async () => {
    const body = contactFormBody(draft.mainServiceId, draft.subServiceId, {
      name: 'Ravi <b>Bold</b> & Co',
      description: 'Screen shows <script>alert(1)</script> on boot',
    });
    expect((await submitContact(t, body)).statusCode).toBe(201);
    const mail = await inbox.waitFor((m) => m.to.includes(SUPPORT) && m.text.includes(body.email));
    expect(mail.headers.get('reply-to')).toMatchObject({ value: [{ address: body.email }] });
    expect(mail.subject).toBe('Repair request (Medium): Ravi <b>Bold</b> & Co, Laptop');
    expect(mail.text).toContain('Screen shows <script>alert(1)</script> on boot');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.html).toContain('Ravi &lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(linksIn(mail, PUBLIC_URL)).toContain(`${PUBLIC_URL}/admin?tab=contacts`);
  });
});

describe('messages on a ticket', () => {
  const say = (s: Session, ticketId: string, body: string, internal = false) =>
    post(t, `/api/tickets/${ticketId}/messages`, { body, internal }, s.headers);

  it('emails the other parties, at most once per ticket and person in 10 minutes; staff notes never the customer', async () => {
    const { customer, ticket } = await bookedTicket('Nila Customer');
    await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers);
    const aboutMessages = (address: string) => async () =>
      (await rowsTo(address)).filter((r) => r.kind === 'new-message' && r.ticketId === ticket.id);

    expect((await say(customer, ticket.id, 'It crashed again <after> the update.')).statusCode).toBe(201);
    expect((await say(customer, ticket.id, 'And once more.')).statusCode).toBe(201);
    const mail = await inbox.waitFor(
      (m) => m.to.includes(engineer.user.email) && m.subject === `New message on ${ticket.number}`,
    );
    expect(mail.text).toContain('Nila Customer (customer) wrote');
    expect(mail.text).toContain('> It crashed again <after> the update.');
    expect(mail.html).toContain('It crashed again &lt;after&gt; the update.');
    expect(mail.header('list-unsubscribe')).toContain('/api/unsubscribe?token=');
    expect(await aboutMessages(engineer.user.email)()).toHaveLength(1);
    // The author is not emailed about their own messages.
    expect(await aboutMessages(customer.user.email)()).toHaveLength(0);

    // The engineer answers: the customer is emailed; a staff note reaches nobody but staff.
    expect((await say(engineer, ticket.id, 'On it.')).statusCode).toBe(201);
    await inbox.waitFor((m) => m.to.includes(customer.user.email) && m.subject === `New message on ${ticket.number}`);
    expect((await say(admin, ticket.id, 'Check the warranty first.', true)).statusCode).toBe(201);
    expect(await aboutMessages(customer.user.email)()).toHaveLength(1);
    // The engineer was emailed less than 10 minutes ago: not again.
    expect(await aboutMessages(engineer.user.email)()).toHaveLength(1);
  });

  it('the next message email after a quiet gap says how many more are unread, not counting what was read', async () => {
    const { customer, ticket } = await bookedTicket('Gap Customer');
    await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers);
    const toCustomer = (m: ReceivedEmail) =>
      m.to.includes(customer.user.email) && m.subject === `New message on ${ticket.number}`;
    const tenMinutesPass = () =>
      t.database.db
        .update(messageEmailMarks)
        .set({ sentAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(messageEmailMarks.ticketId, ticket.id));

    await say(engineer, ticket.id, 'First: is it plugged in?');
    const first = await inbox.waitFor(toCustomer);
    expect(first.text).not.toContain('more unread');
    // Within the 10 minutes: not emailed. Then a note, which the customer never reads.
    await say(engineer, ticket.id, 'Second: try another socket.');
    await say(engineer, ticket.id, 'Customer seems away.', true);
    await tenMinutesPass();
    await say(engineer, ticket.id, 'Third: call me when you can.');
    const third = await inbox.waitFor((m) => toCustomer(m) && m.text.includes('Third: call me'));
    for (const part of [third.text, third.html])
      expect(part).toContain('You have 2 more unread messages on this ticket.');

    // Read on the ticket's page, they are not counted again.
    const thread = await get(t, `/api/tickets/${ticket.id}/messages`, customer.headers);
    const last = (thread.json() as { messages: { id: string }[] }).messages.at(-1)!;
    expect(
      (await post(t, `/api/tickets/${ticket.id}/messages/read`, { upTo: last.id }, customer.headers)).statusCode,
    ).toBe(200);
    await tenMinutesPass();
    await say(engineer, ticket.id, 'Fourth: all done?');
    const fourth = await inbox.waitFor((m) => toCustomer(m) && m.text.includes('Fourth: all done'));
    expect(fourth.text).not.toContain('more unread');
  });

  it('message emails off: none, while ticket updates still come', async () => {
    const { customer, ticket } = await bookedTicket();
    await patch(t, '/api/profile/notifications', { messages: false }, customer.headers);
    await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers);
    expect((await say(engineer, ticket.id, 'Hello!')).statusCode).toBe(201);
    await inbox.waitFor((m) => m.to.includes(customer.user.email) && /is your engineer/.test(m.subject));
    expect((await rowsTo(customer.user.email)).map((r) => r.kind).sort()).toEqual([
      'booking-confirmed',
      'engineer-assigned',
    ]);
  });
});

describe('notification settings', () => {
  it('GET/PATCH /api/profile/notifications: on by default, each turned off on its own', async () => {
    const s = await signUp(t);
    expect((await get(t, '/api/profile/notifications', s.headers)).json()).toEqual({
      ticketUpdates: true,
      messages: true,
    });
    const res = await patch(t, '/api/profile/notifications', { ticketUpdates: false }, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ticketUpdates: false, messages: true });
    expect((await get(t, '/api/profile/notifications', s.headers)).json()).toEqual({
      ticketUpdates: false,
      messages: true,
    });
    expectError(await patch(t, '/api/profile/notifications', {}, s.headers), 400);
    expectError(await patch(t, '/api/profile/notifications', { messages: 'no' }, s.headers), 400);
    expectError(await get(t, '/api/profile/notifications'), 401);
  });

  it('ticket updates off: no assignment or completion email, the booking confirmation still goes', async () => {
    const customer = await signUp(t);
    await patch(t, '/api/profile/notifications', { ticketUpdates: false }, customer.headers);
    const { ticket } = await bookAndPay(t, customer, draft);
    await inbox.waitFor((m) => m.to.includes(customer.user.email) && /Booking confirmed/.test(m.subject));
    await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers);
    await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers);
    await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks: 'Done.' }, engineer.headers);
    // The engineer's own copy of the assignment shows the emails went out; none was written for the customer.
    await inbox.waitFor((m) => m.to.includes(engineer.user.email) && m.subject.includes(ticket.number));
    expect((await rowsTo(customer.user.email)).map((r) => r.kind)).toEqual(['booking-confirmed']);
  });

  it('the one-click unsubscribe (POST, RFC 8058) turns that kind off; a forged token changes nothing', async () => {
    const { customer, ticket } = await bookedTicket();
    await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers);
    const mail = await inbox.waitFor((m) => m.to.includes(customer.user.email) && /is your engineer/.test(m.subject));
    const oneClick = mail.header('list-unsubscribe').slice(1, -1);
    const url = oneClick.slice(PUBLIC_URL.length);
    const token = new URL(oneClick).searchParams.get('token') ?? '';

    // The confirm page's question changes nothing.
    expect((await get(t, url)).json()).toEqual({
      topic: 'ticketUpdates',
      email: customer.user.email,
      on: true,
      engineer: false,
    });
    // The engineer's own link says it is an engineer's: the page speaks of an engineer's emails.
    const toEngineer = await inbox.waitFor(
      (m) => m.to.includes(engineer.user.email) && m.subject === `New ticket for you: ${ticket.number}`,
    );
    const engineerLink = toEngineer.header('list-unsubscribe').slice(1 + PUBLIC_URL.length, -1);
    expect((await get(t, engineerLink)).json()).toMatchObject({ email: engineer.user.email, engineer: true });
    expect((await get(t, '/api/profile/notifications', customer.headers)).json()).toMatchObject({
      ticketUpdates: true,
    });

    const forged = `${token.slice(0, -2)}xx`;
    expectError(await post(t, `/api/unsubscribe?token=${encodeURIComponent(forged)}`, {}), 400);
    const otherTopic = token.replace('.ticketUpdates.', '.messages.');
    expectError(await post(t, `/api/unsubscribe?token=${encodeURIComponent(otherTopic)}`, {}), 400);

    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ topic: 'ticketUpdates', email: customer.user.email, on: false, engineer: false });
    expect((await get(t, '/api/profile/notifications', customer.headers)).json()).toEqual({
      ticketUpdates: false,
      messages: true,
    });
    // Again: no change, same answer; the link's page can say it is off already.
    expect((await post(t, url, {})).json()).toEqual({
      topic: 'ticketUpdates',
      email: customer.user.email,
      on: false,
      engineer: false,
    });
    expect((await get(t, url)).json()).toEqual({
      topic: 'ticketUpdates',
      email: customer.user.email,
      on: false,
      engineer: false,
    });
  });
});

describe('the outgoing-email view and retries', () => {
  it('lists newest first with the contract fields, previews one, and is for admins only', async () => {
    const customer = await signUp(t);
    const { ticket } = await bookAndPay(t, customer, draft);
    await inbox.waitFor((m) => m.to.includes(customer.user.email));
    await until(async () => (await rowsTo(customer.user.email))[0]?.status === 'sent');
    const page = await listed();
    const mine = page.find((e) => e.to === customer.user.email);
    expect(Object.keys(mine ?? {}).sort()).toEqual(
      ['attempts', 'createdAt', 'id', 'lastError', 'status', 'subject', 'to'].sort(),
    );
    expect(mine).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const times = page.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const detail = await get(t, `/api/admin/emails/${mine?.id}`, admin.headers);
    expect(detail.statusCode).toBe(200);
    const email = (detail.json() as { email: EmailDetail }).email;
    expect(email).toMatchObject({ kind: 'booking-confirmed', redacted: false });
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.text).toContain('RemoteFix');
    // The booking's receipt it carries, as the ticket's receipts list it (its PDF a download away).
    const receipts = await get(t, `/api/tickets/${ticket.id}/receipts`, admin.headers);
    expect(email.attachments).toEqual((receipts.json() as ReceiptsResponse).receipts);
    expect(email.attachments).toHaveLength(1);

    expectError(await get(t, '/api/admin/emails', customer.headers), 403);
    expectError(await get(t, `/api/admin/emails/${mine?.id}`, engineer.headers), 403);
    expectError(await get(t, '/api/admin/emails'), 401);
    expectError(await get(t, '/api/admin/emails/00000000-0000-4000-8000-000000000000', admin.headers), 404);
    expectError(await get(t, '/api/admin/emails/not-an-id', admin.headers), 400);
    expectError(await post(t, `/api/admin/emails/${mine?.id}/retry`, {}, admin.headers), 409);
  });

  it('finds emails by any part of the address or the subject, with the status filter', async () => {
    const customer = await signUp(t);
    const { ticket } = await bookAndPay(t, customer, draft);
    await until(async () => (await rowsTo(customer.user.email))[0]?.status === 'sent');
    const search = async (query: string, status = '') => {
      const res = await get(
        t,
        `/api/admin/emails?limit=100&q=${encodeURIComponent(query)}${status ? `&status=${status}` : ''}`,
        admin.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as EmailsResponse).emails;
    };
    const byAddress = await search(customer.user.email.toUpperCase());
    expect(byAddress.map((e) => e.to)).toEqual([customer.user.email]);
    expect((await search(`${ticket.number}`)).map((e) => e.to)).toContain(customer.user.email);
    expect(await search(customer.user.email, 'failed')).toEqual([]);
    expect(await search('%_no-such-address_%')).toEqual([]);
    expectError(await get(t, `/api/admin/emails?q=${'x'.repeat(101)}`, admin.headers), 400, /at most 100 characters/);
  });

  it('a server that refuses (550): retried with backoff, then failed and listed; Retry sends it once accepted', async () => {
    inbox.refuse = true;
    let emailId: string | undefined;
    try {
      const body = contactFormBody(draft.mainServiceId, draft.subServiceId);
      expect((await submitContact(t, body)).statusCode).toBe(201);
      const [row] = (await rowsTo(SUPPORT)).filter((r) => r.text.includes(body.email));
      emailId = row?.id;
      // MAIL_RETRY_LIMIT=2: three attempts, each recorded, then failed.
      await until(async () => (await rowOf(emailId ?? ''))?.status === 'failed', 40_000);
      const failed = (await listed('failed')).find((e) => e.id === emailId);
      expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
      expect(failed?.lastError).toMatch(/550/);
      expect(inbox.received.some((m) => m.text.includes(body.email))).toBe(false);
      // The Jobs tab's failed send names its email, which says where it stands.
      await until(async () => (await failedSendOf(emailId ?? '')) !== undefined);
      expect((await failedSendOf(emailId ?? ''))?.email).toEqual({
        id: emailId,
        to: SUPPORT,
        subject: failed?.subject,
        status: 'failed',
      });
    } finally {
      inbox.refuse = false;
    }
    const refusedBefore = inbox.refused;
    const retry = await post(t, `/api/admin/emails/${emailId}/retry`, {}, admin.headers);
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as { email: EmailSummary }).email).toMatchObject({ id: emailId, status: 'queued' });
    await until(async () => (await rowOf(emailId ?? ''))?.status === 'sent');
    expect(await rowOf(emailId ?? '')).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    expect(inbox.received.filter((m) => m.messageId === `<${emailId}@remotefix.example>`)).toHaveLength(1);
    expect(inbox.refused).toBe(refusedBefore);
    // Sent from Outgoing email: its old failed job says so, rather than look like a second failure.
    expect((await failedSendOf(emailId ?? ''))?.email?.status).toBe('sent');
    // Only a failed email is retried.
    expectError(await post(t, `/api/admin/emails/${emailId}/retry`, {}, admin.headers), 409);
  }, 60_000);

  it('a send job that runs again for an email already sent sends nothing', async () => {
    const customer = await signUp(t);
    await bookAndPay(t, customer, draft);
    await until(async () => (await rowsTo(customer.user.email))[0]?.status === 'sent');
    const [row] = await rowsTo(customer.user.email);
    const before = inbox.received.length;
    const log = pino({ level: 'silent' });
    const deps = { db: t.database.db, transport: null, domain: 'remotefix.example', attachments: async () => null };
    // Even with no transport at all: the row is sent, so the job has nothing to do.
    expect(await deliverEmail(deps, row?.id ?? '', { log, stopping: () => false })).toEqual({ status: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.received.length).toBe(before);
    expect(await rowOf(row?.id ?? '')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('the last try of an email a dead run still holds marks it failed, for Retry, not left queued', async () => {
    // A process that died mid-send (a deploy, kill -9) leaves its email held until its lease ends;
    // a job whose tries run out meanwhile used to leave it queued with no job to send it.
    const customer = await signUp(t);
    await bookAndPay(t, customer, draft);
    await until(async () => (await rowsTo(customer.user.email))[0]?.status === 'sent');
    const [row] = await rowsTo(customer.user.email);
    const id = row?.id ?? '';
    await t.database.db
      .update(emails)
      .set({ status: 'queued', sentAt: null, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(emails.id, id));
    const log = pino({ level: 'silent' });
    const deps = { db: t.database.db, transport: null, domain: 'remotefix.example', attachments: async () => null };
    const context = { log, stopping: () => false };
    // A try that is not the last leaves it for its retry.
    await expect(deliverEmail(deps, id, { ...context, lastAttempt: false })).rejects.toThrow(/another run/);
    expect(await rowOf(id)).toMatchObject({ status: 'queued' });
    await expect(deliverEmail(deps, id, { ...context, lastAttempt: true })).rejects.toThrow(/another run/);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/did not finish/) });
    // Listed as failed, and an admin's Retry sends it.
    expect((await listed('failed')).map((e) => e.id)).toContain(id);
    const before = inbox.received.length;
    expect((await post(t, `/api/admin/emails/${id}/retry`, {}, admin.headers)).statusCode).toBe(200);
    await until(async () => (await rowOf(id))?.status === 'sent');
    await until(() => inbox.received.length > before);
  });

  it('a password reset sent over SMTP is read by nobody in the app, and once sent its link is not kept', async () => {
    const s = await signUp(t);
    expect((await post(t, '/api/password/forgot', { email: s.user.email })).statusCode).toBe(202);
    const mail = await inbox.waitFor((m) => m.to.includes(s.user.email) && /password/.test(m.subject));
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const [queued] = await rowsTo(s.user.email);
    await until(async () => (await rowOf(queued?.id ?? ''))?.status === 'sent');
    // Its link signs in as the account: it went to that address, and the stored email no longer has it.
    const row = await rowOf(queued?.id ?? '');
    expect(row?.text).not.toContain('reset-password');
    expect(row?.html).not.toContain('reset-password');
    for (const reader of [admin.headers, superadmin]) {
      const { email } = (await get(t, `/api/admin/emails/${row?.id}`, reader)).json() as { email: EmailDetail };
      expect(email).toMatchObject({ kind: 'password-reset', status: 'sent', redacted: true });
      expect(email.html).not.toContain('reset-password');
      expect(email.text).not.toContain('reset-password');
    }
    // The link still works: only the stored copy lost it.
    const [link] = linksIn(mail, `${PUBLIC_URL}/reset-password?token=`);
    const token = new URL(link ?? '').searchParams.get('token');
    expect((await post(t, '/api/password/reset/check', { token })).statusCode).toBe(200);
  });
});

describe('without SMTP_URL', () => {
  it('every email is kept (nothing sent) and admins read it', async () => {
    const kept = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
    try {
      const d = await serviceDraft(kept);
      const staff = await signUp(kept, {}, 'admin');
      const customer = await signUp(kept);
      await bookAndPay(kept, customer, d);
      const list = (await get(kept, '/api/admin/emails', staff.headers)).json() as EmailsResponse;
      const mine = list.emails.find((e) => e.to === customer.user.email);
      expect(mine).toMatchObject({ status: 'kept', attempts: 0, lastError: null });
      const detail = (await get(kept, `/api/admin/emails/${mine?.id}`, staff.headers)).json() as { email: EmailDetail };
      expect(detail.email.text).toContain('Booking confirmed'.slice(0, 7));
      expectError(await post(kept, `/api/admin/emails/${mine?.id}/retry`, {}, staff.headers), 409);
    } finally {
      await kept.close();
    }
  });

  it('a kept password reset is read by a superadmin only: the app is how its link is handed on', async () => {
    const { t: kept, superadmin: owner, admin: staff } = await createTestAppWithAdmins();
    try {
      const s = await signUp(kept);
      expect((await post(kept, '/api/password/forgot', { email: s.user.email })).statusCode).toBe(202);
      const list = (
        await get(kept, `/api/admin/emails?q=${encodeURIComponent(s.user.email)}`, staff.headers)
      ).json() as EmailsResponse;
      const id = list.emails.find((e) => e.to === s.user.email)?.id;
      const asAdmin = ((await get(kept, `/api/admin/emails/${id}`, staff.headers)).json() as { email: EmailDetail })
        .email;
      expect(asAdmin).toMatchObject({ status: 'kept', redacted: true });
      expect(asAdmin.html).not.toContain('reset-password');
      expect(asAdmin.text).not.toContain('reset-password');
      const asOwner = ((await get(kept, `/api/admin/emails/${id}`, owner)).json() as { email: EmailDetail }).email;
      expect(asOwner).toMatchObject({ status: 'kept', redacted: false });
      expect(asOwner.text).toContain('/reset-password?token=');
    } finally {
      await kept.close();
    }
  });
});
