import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../src/shared/contracts/messages.js';
import type { Ticket } from '../../src/shared/contracts/tickets.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { type Draft, get, post, serviceDraft } from '../support/booking.js';
import { FILES, said, sendMessage, setStatus, threadOf, ticketOf, uploaded } from '../support/conversation.js';
import { openEventStream, quietPeriod } from '../support/event-stream.js';
import type { TestApp } from '../support/test-app.js';

/**
 * The conversation on a ticket (DECISIONS.md §7.2): who reads and writes it, staff notes that the
 * customer never sees (in the thread, in the unread counts, in the live events), the read-only
 * completed ticket, and the thread's order and paging.
 */
let t: TestApp;
let draft: Draft;
let superadmin: Session;
let admin: Session;
let customer: Session;
let otherCustomer: Session;
let engineer: Session;
let otherEngineer: Session;

beforeAll(async () => {
  const made = await createTestAppWithAdmins();
  t = made.t;
  admin = made.admin;
  const me = await get(t, '/api/me', made.superadmin);
  superadmin = { user: me.json().user, token: made.superadmin.authorization.slice(7), headers: made.superadmin };
  draft = await serviceDraft(t);
  customer = await signUp(t, { name: 'Asha Customer' });
  otherCustomer = await signUp(t);
  engineer = await signUp(t, { name: 'Ravi Engineer' }, 'engineer');
  otherEngineer = await signUp(t, {}, 'engineer');
});
afterAll(() => t?.close());

const thread = (s: { headers: Record<string, string> }, ticketId: string, query = '') =>
  get(t, `/api/tickets/${ticketId}/messages${query}`, s.headers);

describe('who may read and write a ticket’s conversation', () => {
  it('its customer, its engineer, admins and superadmins; another customer or engineer 403; no such ticket 404', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const parties = { customer, engineer, admin, superadmin };
    for (const [who, s] of Object.entries(parties)) {
      const res = await sendMessage(t, s, ticketId, { body: `  Hello from ${who}  ` });
      expect(res.statusCode, who).toBe(201);
      expect((res.json() as { message: Message }).message.body).toBe(`Hello from ${who}`);
    }
    for (const s of [otherCustomer, otherEngineer]) {
      expectError(await sendMessage(t, s, ticketId, { body: 'Let me in' }), 403);
      expectError(await thread(s, ticketId), 403);
    }
    expectError(await sendMessage(t, null, ticketId, { body: 'Anonymous' }), 401);
    expectError(await get(t, `/api/tickets/${ticketId}/messages`), 401);
    expectError(await thread(customer, randomUUID()), 404);
    expectError(await sendMessage(t, customer, randomUUID(), { body: 'Nobody' }), 404);
    expectError(await thread(customer, 'not-a-uuid'), 400);

    for (const s of Object.values(parties)) {
      expect((await threadOf(t, s, ticketId)).map((m) => m.body)).toEqual([
        'Hello from customer',
        'Hello from engineer',
        'Hello from admin',
        'Hello from superadmin',
      ]);
    }
  });

  it('an engineer not (or not yet) assigned is refused; the assignee takes part once assigned', async () => {
    const ticketId = await ticketOf(t, customer, draft, { status: 'pending' });
    expectError(await sendMessage(t, engineer, ticketId, { body: 'Hi' }), 403);
    expectError(await thread(engineer, ticketId), 403);
    await said(t, customer, ticketId, { body: 'Is anyone there?' });
    const assigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticketId}/assign`,
      headers: admin.headers,
      payload: { engineerId: engineer.user.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect((await threadOf(t, engineer, ticketId)).map((m) => m.body)).toEqual(['Is anyone there?']);
    await said(t, engineer, ticketId, { body: 'Yes, I am on it.' });
    expectError(await thread(otherEngineer, ticketId), 403);
  });

  it('shows each author by id, name and role only: never an email or a phone', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const mine = await said(t, customer, ticketId, { body: 'My laptop is slow' });
    await said(t, engineer, ticketId, { body: 'Send me a screenshot' });
    expect(Object.keys(mine).sort()).toEqual(['attachments', 'author', 'body', 'createdAt', 'id', 'internal']);
    expect(mine.author).toEqual({ id: customer.user.id, name: 'Asha Customer', role: 'user' });
    const res = await thread(customer, ticketId);
    expect(res.body).not.toContain(customer.user.email);
    expect(res.body).not.toContain(engineer.user.email);
    expect(res.body).not.toContain(engineer.user.phone);
    const [, theirs] = (res.json() as { messages: Message[] }).messages;
    expect(theirs?.author).toEqual({ id: engineer.user.id, name: 'Ravi Engineer', role: 'engineer' });
    expect(theirs?.attachments).toEqual([]);
  });
});

describe('staff notes (internal: true)', () => {
  it('are written by the engineer and admins, refused to the customer (403), and never shown to the customer', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    await said(t, customer, ticketId, { body: 'Public question' });
    expectError(await sendMessage(t, customer, ticketId, { body: 'Sneaky', internal: true }), 403);
    const note = await said(t, engineer, ticketId, { body: 'Customer seems unsure', internal: true });
    expect(note.internal).toBe(true);
    await said(t, admin, ticketId, { body: 'Offer a refund if needed', internal: true });
    await said(t, superadmin, ticketId, { body: 'Agreed', internal: true });
    await said(t, engineer, ticketId, { body: 'Public answer' });
    expectError(await sendMessage(t, otherEngineer, ticketId, { body: 'x', internal: true }), 403);

    const seen = (ms: Message[]) => ms.map((m) => `${m.internal ? 'note' : 'msg'}:${m.body}`);
    expect(seen(await threadOf(t, customer, ticketId))).toEqual(['msg:Public question', 'msg:Public answer']);
    const everything = [
      'msg:Public question',
      'note:Customer seems unsure',
      'note:Offer a refund if needed',
      'note:Agreed',
      'msg:Public answer',
    ];
    for (const s of [engineer, admin, superadmin]) expect(seen(await threadOf(t, s, ticketId))).toEqual(everything);
    const raw = await thread(customer, ticketId);
    expect(raw.body).not.toContain('unsure');
    // A note's id named as `after` is no message of the customer's thread.
    expectError(await thread(customer, ticketId, `?after=${note.id}`), 400);
  });

  it('reach only the engineer and admins on GET /api/events; a public message reaches the customer too', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const streams = {
      customer: await openEventStream(base, customer.headers),
      engineer: await openEventStream(base, engineer.headers),
      admin: await openEventStream(base, admin.headers),
      superadmin: await openEventStream(base, superadmin.headers),
      otherCustomer: await openEventStream(base, otherCustomer.headers),
      otherEngineer: await openEventStream(base, otherEngineer.headers),
    };
    try {
      await said(t, engineer, ticketId, { body: 'Note to self', internal: true });
      await Promise.all([streams.engineer.waitFor(1), streams.admin.waitFor(1), streams.superadmin.waitFor(1)]);
      await quietPeriod();
      expect(streams.customer.events).toEqual([]);

      await said(t, customer, ticketId, { body: 'Any news?' });
      await Promise.all([streams.customer.waitFor(1), streams.engineer.waitFor(2), streams.admin.waitFor(2)]);
      await quietPeriod();
      const of = (s: (typeof streams)['customer']) => s.events.map((e) => `${e.event}:${e.data.kind}`);
      expect(of(streams.customer)).toEqual(['ticket:message']);
      expect(of(streams.engineer)).toEqual(['ticket:message', 'ticket:message']);
      expect(of(streams.superadmin)).toEqual(['ticket:message', 'ticket:message']);
      expect(streams.otherCustomer.events).toEqual([]);
      expect(streams.otherEngineer.events).toEqual([]);
      // Ids and a kind only: no text.
      expect(Object.keys(streams.customer.events[0]!.data).sort()).toEqual(['at', 'kind', 'ticketId']);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });
});

describe('a completed ticket', () => {
  it('is read-only (409) for messages, for everyone; staff notes are still taken; the thread stays readable', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    await said(t, customer, ticketId, { body: 'Before' });
    await said(t, engineer, ticketId, { body: 'Working note', internal: true });
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}/complete`,
      headers: engineer.headers,
      payload: { remarks: 'Fixed.' },
    });
    expect(done.statusCode).toBe(200);

    for (const s of [customer, engineer, admin, superadmin]) {
      expectError(await sendMessage(t, s, ticketId, { body: 'After' }), 409);
    }
    // The customer's note is refused for being a note (403), whatever the status.
    expectError(await sendMessage(t, customer, ticketId, { body: 'After', internal: true }), 403);
    expectError(await sendMessage(t, otherCustomer, ticketId, { body: 'After' }), 403);
    await said(t, engineer, ticketId, { body: 'Closing note', internal: true });
    await said(t, admin, ticketId, { body: 'Checked', internal: true });

    expect((await threadOf(t, customer, ticketId)).map((m) => m.body)).toEqual(['Before']);
    expect((await threadOf(t, admin, ticketId)).map((m) => m.body)).toEqual([
      'Before',
      'Working note',
      'Closing note',
      'Checked',
    ]);
  });
});

describe('a Send asked again with its Idempotency-Key', () => {
  const sendWithKey = (s: Session, ticketId: string, key: string, body: Record<string, unknown>) =>
    post(t, `/api/tickets/${ticketId}/messages`, body, { ...s.headers, 'idempotency-key': key });
  const messageOf = (res: { json: () => unknown }) => (res.json() as { message: Message }).message;

  it('answers the message the key made, with its files, and posts it once', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const file = await uploaded(t, customer, ticketId, FILES.png, { fileName: 'error.png', type: 'image/png' });
    const key = randomUUID();
    const sent = { body: 'The screen flickers', attachmentIds: [file.id] };
    const first = await sendWithKey(customer, ticketId, key, sent);
    expect(first.statusCode).toBe(201);
    // Its answer lost on the way, the phone sends it again: the files are used, yet it is the same message.
    const again = await sendWithKey(customer, ticketId, key, sent);
    expect(again.statusCode).toBe(201);
    expect(messageOf(again)).toEqual(messageOf(first));
    expect(messageOf(again).attachments.map((a) => a.id)).toEqual([file.id]);
    expect((await threadOf(t, engineer, ticketId)).map((m) => m.body)).toEqual(['The screen flickers']);

    // Without a key, the same words twice are two messages, as before.
    await said(t, customer, ticketId, { body: 'Hello?' });
    await said(t, customer, ticketId, { body: 'Hello?' });
    expect(await threadOf(t, engineer, ticketId)).toHaveLength(3);
  });

  it('makes one message when both sends arrive at once', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sendWithKey(engineer, ticketId, key, { body: 'On my way', internal: true })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => messageOf(a).id)).size).toBe(1);
    expect(await threadOf(t, admin, ticketId)).toHaveLength(1);
  });

  it('refuses the key with another message (409), on this ticket or another; another author’s same key is theirs', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const otherTicketId = await ticketOf(t, customer, draft, { engineer });
    const key = randomUUID();
    expect((await sendWithKey(customer, ticketId, key, { body: 'First' })).statusCode).toBe(201);
    for (const [id, body] of [
      [ticketId, { body: 'Second' }],
      [ticketId, { body: 'First', attachmentIds: [(await uploaded(t, customer, ticketId, FILES.png)).id] }],
      [otherTicketId, { body: 'First' }],
    ] as const) {
      expectError(await sendWithKey(customer, id, key, body), 409, /Idempotency-Key/);
    }
    expect((await sendWithKey(engineer, ticketId, key, { body: 'First', internal: true })).statusCode).toBe(201);
  });

  it('still answers a message sent before the ticket was completed, and makes no new one after', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const key = randomUUID();
    const first = await sendWithKey(customer, ticketId, key, { body: 'Thanks!' });
    await setStatus(t, ticketId, 'completed');
    const again = await sendWithKey(customer, ticketId, key, { body: 'Thanks!' });
    expect(again.statusCode).toBe(201);
    expect(messageOf(again).id).toBe(messageOf(first).id);
    expectError(await sendWithKey(customer, ticketId, randomUUID(), { body: 'Thanks!' }), 409);
    // Nor to one who may no longer write there.
    expectError(await sendWithKey(otherCustomer, ticketId, key, { body: 'Thanks!' }), 403);
  });

  it('must be 16 to 64 letters, digits, - or _ (400)', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it here', 'ключ-ключ-ключ-ключ']) {
      const res = await sendWithKey(customer, ticketId, key, { body: 'Hi' });
      expectError(res, 400, /Idempotency-Key/);
    }
    expect(await threadOf(t, customer, ticketId)).toHaveLength(0);
  });
});

describe('the message body', () => {
  it('is trimmed, 1 to 4000 characters, of allowed characters; an empty one needs attachments', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    expectError(await sendMessage(t, customer, ticketId, { body: '' }), 400, 'Write a message or attach a file');
    expectError(
      await sendMessage(t, customer, ticketId, { body: '   \n\t ' }),
      400,
      'Write a message or attach a file',
    );
    expectError(await sendMessage(t, customer, ticketId, { body: '\u200b' }), 400, 'Write a message or attach a file');
    expectError(await sendMessage(t, customer, ticketId, {}), 400);
    expectError(await sendMessage(t, customer, ticketId, { body: 'x'.repeat(4001) }), 400);
    expectError(await sendMessage(t, customer, ticketId, { body: 'nul \u0000 byte' }), 400);
    expectError(await sendMessage(t, customer, ticketId, { body: 42 }), 400);
    expectError(await sendMessage(t, customer, ticketId, { body: 'Hi', internal: 'yes' }), 400);
    expectError(await sendMessage(t, customer, ticketId, { body: 'Hi', attachmentIds: ['nope'] }), 400);
    expectError(await sendMessage(t, customer, ticketId, { body: 'Hi', attachmentIds: [randomUUID()] }), 400);
    const long = await said(t, customer, ticketId, { body: ` ${'y'.repeat(4000)} ` });
    expect(long.body).toHaveLength(4000);
    const lines = await said(t, customer, ticketId, { body: 'Line one\nLine two — ✓ नमस्ते 👍🏽' });
    expect(lines.body).toBe('Line one\nLine two — ✓ नमस्ते 👍🏽');
    // Nothing of a refused message was kept.
    expect(await threadOf(t, engineer, ticketId)).toHaveLength(2);
  });
});

describe('the thread’s order and paging', () => {
  it('is oldest first, paged by limit and then after = nextCursor; after returns only newer messages', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const sent: Message[] = [];
    for (let i = 1; i <= 7; i++) {
      sent.push(await said(t, i % 2 ? customer : engineer, ticketId, { body: `m${i}`, internal: i === 4 }));
    }
    const first = (await thread(engineer, ticketId, '?limit=3')).json() as {
      messages: Message[];
      nextCursor: string | null;
    };
    expect(first.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3']);
    expect(first.nextCursor).toBe(sent[2]!.id);
    const second = (await thread(engineer, ticketId, `?limit=3&after=${first.nextCursor}`)).json() as typeof first;
    expect(second.messages.map((m) => m.body)).toEqual(['m4', 'm5', 'm6']);
    const last = (await thread(engineer, ticketId, `?limit=3&after=${second.nextCursor}`)).json() as typeof first;
    expect(last.messages.map((m) => m.body)).toEqual(['m7']);
    expect(last.nextCursor).toBeNull();
    // Live updates: only what came after the last one seen; nothing after the newest.
    const newer = (await thread(customer, ticketId, `?after=${sent[4]!.id}`)).json() as typeof first;
    expect(newer.messages.map((m) => m.body)).toEqual(['m6', 'm7']);
    expect(((await thread(customer, ticketId, `?after=${sent[6]!.id}`)).json() as typeof first).messages).toEqual([]);
    // The customer's pages skip the staff note.
    const customers = (await thread(customer, ticketId, '?limit=4')).json() as typeof first;
    expect(customers.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm5']);
    const times = sent.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    expectError(await thread(engineer, ticketId, `?after=${randomUUID()}`), 400);
    expectError(await thread(engineer, ticketId, '?after=not-an-id'), 400);
    expectError(await thread(engineer, ticketId, '?limit=0'), 400);
    expectError(await thread(engineer, ticketId, '?limit=201'), 400);
    // A message of another ticket is no place in this thread.
    const elsewhere = await ticketOf(t, customer, draft, { engineer });
    const foreign = await said(t, customer, elsewhere, { body: 'elsewhere' });
    expectError(await thread(customer, ticketId, `?after=${foreign.id}`), 400);
  });

  it('keeps a ticket’s messages in commit order when several are posted at once', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sendMessage(t, i % 2 ? customer : engineer, ticketId, { body: `c${i}`, internal: i % 3 === 0 && i % 2 === 0 }),
      ),
    );
    for (const r of results) expect(r.statusCode).toBe(201);
    const all = await threadOf(t, admin, ticketId);
    expect(all).toHaveLength(12);
    const times = all.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe('unread counts', () => {
  it('count the messages a reader has not read: not their own, not staff notes for the customer', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    const unread = async (s: Session) => {
      const res = await get(t, `/api/tickets/${ticketId}`, s.headers);
      expect(res.statusCode).toBe(200);
      return (res.json() as { ticket: { unread: number } }).ticket.unread;
    };
    expect(await unread(customer)).toBe(0);
    await said(t, engineer, ticketId, { body: 'Question 1' });
    await said(t, engineer, ticketId, { body: 'Internal', internal: true });
    const q2 = await said(t, engineer, ticketId, { body: 'Question 2' });
    await said(t, customer, ticketId, { body: 'Answer' });
    expect(await unread(customer)).toBe(2);
    expect(await unread(engineer)).toBe(1);
    expect(await unread(admin)).toBe(4);

    const read = await post(t, `/api/tickets/${ticketId}/messages/read`, { upTo: q2.id }, customer.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    expect(await unread(customer)).toBe(0);
    // Never back: marking an older message read keeps the marker where it is.
    const [firstMessage] = await threadOf(t, customer, ticketId);
    await post(t, `/api/tickets/${ticketId}/messages/read`, { upTo: firstMessage!.id }, customer.headers);
    expect(await unread(customer)).toBe(0);
    await said(t, engineer, ticketId, { body: 'Question 3' });
    expect(await unread(customer)).toBe(1);

    const note = (await threadOf(t, admin, ticketId)).find((m) => m.internal)!;
    expectError(await post(t, `/api/tickets/${ticketId}/messages/read`, { upTo: note.id }, customer.headers), 400);
    expectError(await post(t, `/api/tickets/${ticketId}/messages/read`, { upTo: randomUUID() }, admin.headers), 400);
    expectError(await post(t, `/api/tickets/${ticketId}/messages/read`, { upTo: q2.id }, otherCustomer.headers), 403);
    expectError(await post(t, `/api/tickets/${ticketId}/messages/read`, {}, customer.headers), 400);
  });

  it('are on every list a reader sees the ticket in, by the same rule, and drop once the thread is read', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    await said(t, engineer, ticketId, { body: 'Can you send a screenshot of the error?' });
    await said(t, engineer, ticketId, { body: 'Looks like the update service', internal: true });
    await said(t, admin, ticketId, { body: 'Priority customer', internal: true });
    const last = await said(t, customer, ticketId, { body: 'Here it is' });
    const listed = async (s: Session, list: string) => {
      const res = await get(t, `${list}?limit=100`, s.headers);
      expect(res.statusCode).toBe(200);
      return (res.json() as { tickets: Ticket[] }).tickets.find((x) => x.id === ticketId)?.unread;
    };
    // Never one's own; staff notes for the engineer and admins only.
    const lists = [
      { s: customer, list: '/api/tickets', unread: 1 },
      { s: engineer, list: '/api/engineer/assigned-tickets', unread: 2 },
      { s: admin, list: '/api/admin/tickets', unread: 3 },
    ];
    for (const { s, list, unread } of lists) {
      expect(await listed(s, list)).toBe(unread);
      expect((await get(t, `/api/tickets/${ticketId}`, s.headers)).json().ticket.unread).toBe(unread);
    }
    for (const { s, list } of lists) {
      const read = await post(t, `/api/tickets/${ticketId}/messages/read`, { upTo: last.id }, s.headers);
      expect(read.json()).toEqual({ unread: 0 });
      expect(await listed(s, list)).toBe(0);
    }
    // A new message counts again, for the others only.
    await said(t, engineer, ticketId, { body: 'Thanks, connecting now' });
    expect(await listed(customer, '/api/tickets')).toBe(1);
    expect(await listed(admin, '/api/admin/tickets')).toBe(1);
    expect(await listed(engineer, '/api/engineer/assigned-tickets')).toBe(0);
  });
});

describe('GET /api/tickets/{id}', () => {
  it('answers the ticket to its customer, its engineer and admins, each as they see it; 403 to others', async () => {
    const ticketId = await ticketOf(t, customer, draft, { engineer });
    for (const s of [customer, engineer, admin, superadmin]) {
      const res = await get(t, `/api/tickets/${ticketId}`, s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().ticket).toMatchObject({ id: ticketId, status: 'in-progress', unread: 0 });
    }
    // The customer has not paid the in-progress fee: the engineer's contact is withheld from them only.
    const mine = (await get(t, `/api/tickets/${ticketId}`, customer.headers)).json().ticket;
    expect(Object.keys(mine.engineer).sort()).toEqual(['id', 'name']);
    const staff = (await get(t, `/api/tickets/${ticketId}`, admin.headers)).json().ticket;
    expect(staff.engineer).toMatchObject({ email: engineer.user.email, phone: engineer.user.phone });
    for (const s of [otherCustomer, otherEngineer])
      expectError(await get(t, `/api/tickets/${ticketId}`, s.headers), 403);
    expectError(await get(t, `/api/tickets/${ticketId}`), 401);
    expectError(await get(t, `/api/tickets/${randomUUID()}`, admin.headers), 404);
    expectError(await get(t, '/api/tickets/not-an-id', admin.headers), 400);
    await setStatus(t, ticketId, 'completed');
    expect((await get(t, `/api/tickets/${ticketId}`, customer.headers)).statusCode).toBe(200);
  });
});
