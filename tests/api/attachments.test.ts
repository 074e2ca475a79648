import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ticketAttachments } from '../../src/server/db/schema/index.js';
import { conversationJobs } from '../../src/server/modules/conversation/jobs.js';
import { CONVERSATION_LIMITS } from '../../src/shared/contracts/messages.js';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { type Draft, get, serviceDraft } from '../support/booking.js';
import {
  FILES,
  formWithFile,
  said,
  sendMessage,
  threadOf,
  ticketOf,
  upload,
  uploaded,
} from '../support/conversation.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Files in the conversation (DECISIONS.md §7.2): what may be uploaded (decided from the bytes), how
 * big, under which name, who may attach and read it, how it is served, and the clean-up of uploads
 * that no message used.
 */
let t: TestApp;
let draft: Draft;
let admin: Session;
let customer: Session;
let otherCustomer: Session;
let engineer: Session;
let otherEngineer: Session;
let ticketId: string;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
  customer = await signUp(t);
  otherCustomer = await signUp(t);
  engineer = await signUp(t, {}, 'engineer');
  otherEngineer = await signUp(t, {}, 'engineer');
  ticketId = await ticketOf(t, customer, draft, { engineer });
});
afterAll(() => t?.close());

const fetchFile = (s: { headers: Record<string, string> } | null, id: string) =>
  get(t, `/api/attachments/${id}`, s?.headers ?? {});

describe('what may be uploaded', () => {
  it('PNG, JPEG, WebP, PDF and plain text, whatever their names say', async () => {
    const cases = [
      { bytes: FILES.png, fileName: 'screenshot.png', type: 'image/png' },
      { bytes: FILES.jpeg, fileName: 'photo.JPG', type: 'image/jpeg' },
      { bytes: FILES.webp, fileName: 'error.webp', type: 'image/webp' },
      { bytes: FILES.pdf, fileName: 'invoice.pdf', type: 'application/pdf' },
      { bytes: FILES.text, fileName: 'system.log', type: 'text/plain' },
      // The declared type and name are not believed: the bytes decide.
      { bytes: FILES.png, fileName: 'notes.txt', type: 'image/png', kept: 'notes.txt.png' },
    ];
    for (const c of cases) {
      const res = await upload(t, customer, ticketId, c.bytes, { fileName: c.fileName, type: 'text/html' });
      expect(res.statusCode, c.fileName).toBe(201);
      expect(res.json()).toEqual({
        attachment: {
          id: expect.any(String),
          fileName: c.kept ?? c.fileName,
          contentType: c.type,
          size: c.bytes.length,
        },
      });
    }
  });

  it('takes text whose first letters look like a binary signature (BM, MZ, ID3)', async () => {
    const logs = [];
    for (const line of ['BM ran the backup at 02:00\n', 'MZ-500 printer: paper jam\n', 'ID3 tag reader crashed\n']) {
      const res = await upload(t, customer, ticketId, Buffer.from(line), { fileName: 'events.log' });
      expect(res.statusCode, line).toBe(201);
      expect(res.json().attachment.contentType).toBe('text/plain');
      logs.push(res.json().attachment.id);
    }
    await said(t, customer, ticketId, { body: 'Logs', attachmentIds: logs });
  });

  it('takes UTF-16 text with its byte-order mark (Windows logs) and keeps it as UTF-8', async () => {
    const log = 'Log Name: System\r\nSource: disk — Ошибка 7\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(log, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be]) {
      const res = await upload(t, customer, ticketId, bytes, { fileName: 'system.log' });
      expect(res.statusCode).toBe(201);
      const { attachment } = res.json();
      expect(attachment).toMatchObject({ contentType: 'text/plain', size: Buffer.byteLength(log) });
      await said(t, customer, ticketId, { body: '', attachmentIds: [attachment.id] });
      const served = await fetchFile(customer, attachment.id);
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(served.body).toBe(log);
    }
  });

  it('refuses anything else with 415: an HTML page named .png, an executable, SVG, binary junk, invalid UTF-8', async () => {
    const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const refused = [
      // Markup of any kind, whichever element or declaration it opens with.
      { bytes: Buffer.from('<img src=x onerror=alert(document.domain)>'), fileName: 'evil.png' },
      { bytes: Buffer.from('<meta http-equiv="refresh" content="0;url=https://evil.example">'), fileName: 'a.txt' },
      { bytes: Buffer.from('<!DOCTYPE foo><html><script>alert(1)</script></html>'), fileName: 'a.txt' },
      { bytes: Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"><svg></svg>'), fileName: 'a.txt' },
      { bytes: utf16('<html><script>alert(1)</script></html>'), fileName: 'page.log' },
      { bytes: utf16('a NUL \0 inside'), fileName: 'nul.log' },
      { bytes: FILES.html, fileName: 'screenshot.png', type: 'image/png' },
      { bytes: Buffer.from('  \n<html><body>hi</body></html>'), fileName: 'page.txt', type: 'text/plain' },
      // Invisible characters first (an attack audit): a zero-width space, a word joiner, a BOM after a space.
      { bytes: Buffer.from('\u200b<html><script>alert(1)</script>'), fileName: 'zw.txt' },
      { bytes: Buffer.from('\u2060\u00a0<img src=x onerror=alert(1)>'), fileName: 'wj.txt' },
      { bytes: Buffer.from(' \ufeff<svg onload=alert(1)>'), fileName: 'bom.log' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'), fileName: 'a.png' },
      { bytes: Buffer.from('<?xml version="1.0"?><x/>'), fileName: 'data.txt' },
      { bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90)]), fileName: 'setup.exe' },
      { bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), fileName: 'logs.zip' },
      { bytes: Buffer.from('text with a NUL \0 byte'), fileName: 'a.log' },
      { bytes: Buffer.from([0x68, 0x69, 0xff, 0xfe, 0x80]), fileName: 'latin1.txt' },
      { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), fileName: 'anim.gif' },
    ];
    for (const r of refused) {
      expectError(
        await upload(t, customer, ticketId, r.bytes, { fileName: r.fileName, type: r.type ?? 'text/plain' }),
        415,
        /PNG, JPEG or WebP images, PDF documents and plain text/,
      );
    }
    const [{ count }] = (await t.database.db
      .execute(
        sql`select count(*)::int as count from ticket_attachments where content_type not in
        ('image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain')`,
      )
      .then((r) => (r as unknown as { rows: [{ count: number }] }).rows)) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('takes exactly 10 MB, and refuses 10 MB + 1 byte with 413', async () => {
    const max = CONVERSATION_LIMITS.attachmentMaxBytes;
    expect(max).toBe(10 * 1024 * 1024);
    const line = Buffer.from('0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ log line\n');
    const big = Buffer.alloc(max + 1);
    for (let at = 0; at < big.length; at += line.length) line.copy(big, at);
    const exact = await upload(t, customer, ticketId, big.subarray(0, max), { fileName: 'big.log' });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().attachment).toMatchObject({ size: max, contentType: 'text/plain' });
    expectError(
      await upload(t, customer, ticketId, big, { fileName: 'bigger.log' }),
      413,
      'A file may be at most 10 MB',
    );
    const served = await fetchFile(customer, exact.json().attachment.id);
    expect(served.rawPayload.length).toBe(max);
  });

  it('cleans the name: no path, no control or invisible characters, a length limit, an extension of its type', async () => {
    const names: Array<[string, Buffer, string]> = [
      ['../../etc/passwd', FILES.text, 'passwd.txt'],
      ['C:\\Users\\asha\\Desktop\\error log.txt', FILES.text, 'error log.txt'],
      ['evil\u202Egpj.exe', FILES.png, 'evilgpj.exe.png'],
      ['tab\there\u0007.png', FILES.png, 'tabhere.png'],
      ['  ...hidden.png  ', FILES.png, 'hidden.png'],
      ['what?<name>|*:.pdf', FILES.pdf, 'whatname.pdf'],
      ['page.html', FILES.text, 'page.html.txt'],
      ['', FILES.pdf, 'file.pdf'],
      ['नमस्ते स्क्रीनशॉट.png', FILES.png, 'नमस्ते स्क्रीनशॉट.png'],
    ];
    for (const [raw, bytes, kept] of names) {
      const { fileName } = await uploaded(t, customer, ticketId, bytes, { fileName: raw });
      expect(fileName, raw).toBe(kept);
    }
    const long = await uploaded(t, customer, ticketId, FILES.png, { fileName: `${'a'.repeat(300)}.png` });
    expect(long.fileName).toBe(`${'a'.repeat(CONVERSATION_LIMITS.fileNameMax - 4)}.png`);
  });

  it('refuses a request that is not one file in the field "file"', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/attachments`,
        headers: customer.headers,
        payload: { file: 'x' },
      }),
      415,
    );
    expectError(await upload(t, customer, ticketId, FILES.png, { field: 'image' }), 400);
    expectError(await upload(t, customer, ticketId, Buffer.alloc(0)), 400, 'The file is empty');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/attachments`,
        headers: { ...customer.headers, 'content-type': 'multipart/form-data' },
        payload: 'no boundary',
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/attachments`,
        headers: { ...customer.headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\ncut short',
      }),
      400,
    );
    // A second file, in "file" or in another field, is refused, not dropped without a word; other
    // fields are ignored, as a JSON body's unknown fields are.
    const twoFiles = (second: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/attachments`,
        headers: { ...customer.headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: [
          '--abc\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello',
          '--abc\r\nContent-Disposition: form-data; name="file"; filename="one.txt"\r\n\r\nfirst file',
          `--abc\r\nContent-Disposition: form-data; name="${second}"; filename="two.txt"\r\n\r\nsecond file`,
          '--abc--\r\n',
        ].join('\r\n'),
      });
    const before = await t.database.db.$count(ticketAttachments);
    expectError(await twoFiles('file'), 400, 'Send one file in the form field "file"');
    // More fields than a form of one file has room for: the client's mistake, said plainly (not 413).
    const manyFields = (n: number, fileFirst: boolean) => {
      const fields = Array.from(
        { length: n },
        (_, i) => `--abc\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx`,
      );
      const file = '--abc\r\nContent-Disposition: form-data; name="file"; filename="one.txt"\r\n\r\nfirst file';
      return t.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/attachments`,
        headers: { ...customer.headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: [...(fileFirst ? [file, ...fields] : [...fields, file]), '--abc--\r\n'].join('\r\n'),
      });
    };
    for (const [n, fileFirst] of [
      [5, false],
      [5, true],
      [100, false],
    ] as const) {
      expectError(await manyFields(n, fileFirst), 400, 'Send one file in the form field "file"');
    }
    expectError(await twoFiles('extra'), 400, 'Send one file in the form field "file"');
    expect(await t.database.db.$count(ticketAttachments)).toBe(before);
    // Multipart is taken by the upload route alone.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      headers: { ...customer.headers, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc--\r\n',
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('who may upload, attach and read a file', () => {
  it('uploads: the ticket’s parties; others 403; a completed ticket takes staff uploads only (for notes)', async () => {
    for (const s of [otherCustomer, otherEngineer]) expectError(await upload(t, s, ticketId, FILES.png), 403);
    expectError(await upload(t, null, ticketId, FILES.png), 401);
    expectError(await upload(t, customer, randomUUID(), FILES.png), 404);
    const done = await ticketOf(t, customer, draft, { engineer, status: 'completed' });
    expectError(await upload(t, customer, done, FILES.png), 409);
    const note = await uploaded(t, engineer, done, FILES.pdf, { fileName: 'diagnosis.pdf' });
    await said(t, engineer, done, { body: 'Report', internal: true, attachmentIds: [note.id] });
    expectError(await sendMessage(t, engineer, done, { body: '', attachmentIds: [] }), 400);
  });

  it('attaches only the author’s own unused uploads to this ticket, once', async () => {
    const mine = await uploaded(t, customer, ticketId, FILES.png);
    const theirs = await uploaded(t, engineer, ticketId, FILES.pdf);
    const elsewhere = await ticketOf(t, customer, draft, { engineer });
    const otherTicket = await uploaded(t, customer, elsewhere, FILES.png);

    const refuse = async (ids: string[]) =>
      expectError(await sendMessage(t, customer, ticketId, { body: 'See attached', attachmentIds: ids }), 400);
    await refuse([theirs.id]);
    await refuse([otherTicket.id]);
    await refuse([mine.id, randomUUID()]);
    // A refused message took nothing: the upload is still free.
    // One id given twice, even in two spellings (a uuid is the same in either case), is one file.
    const message = await said(t, customer, ticketId, {
      body: '',
      attachmentIds: [mine.id, mine.id, mine.id.toUpperCase()],
    });
    expect(message.body).toBe('');
    expect(message.attachments).toEqual([
      { id: mine.id, fileName: mine.fileName, contentType: 'image/png', size: FILES.png.length },
    ]);
    await refuse([mine.id]);
    const many = [];
    for (let i = 0; i < 11; i++) many.push(await uploaded(t, customer, ticketId, FILES.text));
    await refuse(many.map((a) => a.id));
    // In the order they were uploaded, whatever the order of the ids.
    const ids = many.slice(0, 10).map((a) => a.id);
    const ten = await said(t, customer, ticketId, { body: 'Logs', attachmentIds: [...ids].reverse() });
    expect(ten.attachments.map((a) => a.id)).toEqual(ids);
    const listed = (await threadOf(t, engineer, ticketId)).find((m) => m.id === ten.id);
    expect(listed?.attachments).toEqual(ten.attachments);
  });

  it('reads: an unused upload by its uploader only; a used one by whoever may read its message', async () => {
    const file = await uploaded(t, customer, ticketId, FILES.png, { fileName: 'error.png' });
    expect((await fetchFile(customer, file.id)).statusCode).toBe(200);
    for (const s of [engineer, admin, otherCustomer]) expectError(await fetchFile(s, file.id), 403);
    await said(t, customer, ticketId, { body: 'Here', attachmentIds: [file.id] });
    for (const s of [customer, engineer, admin]) expect((await fetchFile(s, file.id)).statusCode).toBe(200);
    for (const s of [otherCustomer, otherEngineer]) expectError(await fetchFile(s, file.id), 403);
    expectError(await fetchFile(null, file.id), 401);
    expectError(await fetchFile(customer, randomUUID()), 404);
    expectError(await fetchFile(customer, 'nope'), 400);

    // A staff note's file is the staff's: never the customer's.
    const noteFile = await uploaded(t, engineer, ticketId, FILES.text, { fileName: 'notes.txt' });
    await said(t, engineer, ticketId, { body: 'Internal log', internal: true, attachmentIds: [noteFile.id] });
    expect((await fetchFile(admin, noteFile.id)).statusCode).toBe(200);
    expectError(await fetchFile(customer, noteFile.id), 403);
  });
});

describe('uploads waiting for a message', () => {
  it('are at most 30 per account (429 beyond), and sending some makes room again', async () => {
    const busy = await signUp(t);
    const ticket = await ticketOf(t, busy, draft, { engineer });
    const waiting = [];
    for (let i = 0; i < CONVERSATION_LIMITS.unusedUploadsMax; i++)
      waiting.push(await uploaded(t, busy, ticket, FILES.text));
    expectError(await upload(t, busy, ticket, FILES.text), 429, /30 files waiting to be sent/);
    // Another account is not held up by this one.
    expect((await upload(t, engineer, ticket, FILES.text)).statusCode).toBe(201);
    await said(t, busy, ticket, { body: 'Logs', attachmentIds: waiting.slice(0, 2).map((a) => a.id) });
    expect((await upload(t, busy, ticket, FILES.text)).statusCode).toBe(201);
  });
});

describe('the files of one ticket', () => {
  const MAX = CONVERSATION_LIMITS.ticketFilesMaxBytes;
  /** Files the ticket already holds, as one row of `size` bytes by the sum (its bytes kept small). */
  const holding = (ticket: string, uploader: Session, size: number) =>
    t.database.db.insert(ticketAttachments).values({
      ticketId: ticket,
      uploaderId: uploader.user.id,
      fileName: 'earlier.log',
      contentType: 'text/plain',
      size,
      data: Buffer.from('earlier'),
    });

  it('total at most 100 MB, sent and waiting together: a file that does not fit is 413, a smaller one goes', async () => {
    const owner = await signUp(t);
    const ticket = await ticketOf(t, owner, draft, { engineer });
    await holding(ticket, engineer, MAX - FILES.text.length - 10);
    const big = Buffer.concat([FILES.text, Buffer.alloc(20, 'x')]);
    expectError(await upload(t, owner, ticket, big), 413, /at most 100 MB/);
    expect((await upload(t, owner, ticket, FILES.text)).statusCode).toBe(201);
    // Full now (10 bytes short): anything more is refused, before its body is read, by anyone.
    expectError(await upload(t, owner, ticket, FILES.png), 413, /at most 100 MB/);
    await holding(ticket, engineer, 10);
    expectError(await upload(t, engineer, ticket, FILES.text), 413, /at most 100 MB/);
    expectError(await upload(t, admin, ticket, FILES.text), 413, /at most 100 MB/);
    // Another ticket of the same customer has its own 100 MB.
    const other = await ticketOf(t, owner, draft, { engineer });
    expect((await upload(t, owner, other, FILES.text)).statusCode).toBe(201);
  });

  it('hold the total when the customer and the engineer upload at once: of two with room for one, one is kept', async () => {
    const owner = await signUp(t);
    const ticket = await ticketOf(t, owner, draft, { engineer });
    await holding(ticket, owner, MAX - FILES.text.length);
    const both = await Promise.all([upload(t, owner, ticket, FILES.text), upload(t, engineer, ticket, FILES.text)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    const [row] = await t.database.db
      .select({ bytes: sql<number>`sum(${ticketAttachments.size})`.mapWith(Number) })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticket));
    expect(row?.bytes).toBe(MAX);
  });
});

describe('uploads sent at once', () => {
  it('hold the cap of 30 waiting: of uploads started together with room for two, two are kept', async () => {
    const busy = await signUp(t);
    const ticket = await ticketOf(t, busy, draft, { engineer });
    const room = 2;
    for (let i = 0; i < CONVERSATION_LIMITS.unusedUploadsMax - room; i++) await uploaded(t, busy, ticket, FILES.text);
    const burst = await Promise.all(
      Array.from({ length: CONVERSATION_LIMITS.uploadsAtOnce }, () => upload(t, busy, ticket, FILES.text)),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(room);
    for (const r of burst.filter((r) => r.statusCode !== 201)) expectError(r, 429, /30 files waiting to be sent/);
    const waiting = await t.database.db.$count(
      ticketAttachments,
      sql`${ticketAttachments.uploaderId} = ${busy.user.id} and ${ticketAttachments.messageId} is null`,
    );
    expect(waiting).toBe(CONVERSATION_LIMITS.unusedUploadsMax);
  });

  it('are at most 4 per account: a fifth while four are still arriving is 429, and goes once one is done', async () => {
    const busy = await signUp(t);
    const ticket = await ticketOf(t, busy, draft, { engineer });
    const form = formWithFile(FILES.text, { fileName: 'slow.log' });
    const streams = Array.from({ length: CONVERSATION_LIMITS.uploadsAtOnce }, () => new PassThrough());
    const pending = streams.map((payload) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket}/attachments`,
        headers: { ...busy.headers, ...form.headers },
        payload,
      }),
    );
    // Each upload has begun: the server is reading its body.
    for (const s of streams) s.write(form.payload.subarray(0, 40));
    await vi.waitFor(() => expect(streams.every((s) => s.readableLength === 0)).toBe(true));

    expectError(await upload(t, busy, ticket, FILES.text), 429, /at most 4 at a time/);
    // Another account is not held up by this one.
    const other = await signUp(t);
    expect((await upload(t, other, await ticketOf(t, other, draft), FILES.text)).statusCode).toBe(201);
    for (const s of streams) s.end(form.payload.subarray(40));
    for (const res of await Promise.all(pending)) expect(res.statusCode).toBe(201);
    expect((await upload(t, busy, ticket, FILES.text)).statusCode).toBe(201);
  });
});

describe('how a file is served', () => {
  it('an image inline, with its type and nosniff; a PDF and a text file as downloads', async () => {
    const png = await uploaded(t, customer, ticketId, FILES.png, { fileName: 'scréén shot.png' });
    const pdf = await uploaded(t, customer, ticketId, FILES.pdf, { fileName: 'report.pdf' });
    const log = await uploaded(t, customer, ticketId, FILES.text, { fileName: 'boot.log' });
    await said(t, customer, ticketId, { body: 'Files', attachmentIds: [png.id, pdf.id, log.id] });

    const image = await fetchFile(engineer, png.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="scr__n shot.png"; filename*=UTF-8''scr%C3%A9%C3%A9n%20shot.png`,
    );
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(String(image.headers['content-security-policy'])).toContain('sandbox');
    expect(image.rawPayload.equals(FILES.png)).toBe(true);

    const document = await fetchFile(admin, pdf.id);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect(document.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
    expect(document.rawPayload.equals(FILES.pdf)).toBe(true);

    const text = await fetchFile(customer, log.id);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-disposition']).toMatch(/^attachment; filename="boot.log"/);
    expect(text.rawPayload.equals(FILES.text)).toBe(true);
  });
});

describe('the clean-up of unused uploads', () => {
  it('deletes uploads no message used within 24 hours, and keeps used and recent ones', async () => {
    const stale = await uploaded(t, customer, ticketId, FILES.png);
    const recent = await uploaded(t, customer, ticketId, FILES.png);
    const usedOld = await uploaded(t, customer, ticketId, FILES.png);
    await said(t, customer, ticketId, { body: 'Used', attachmentIds: [usedOld.id] });
    const age = (id: string, hours: number) =>
      t.database.db
        .update(ticketAttachments)
        .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
        .where(eq(ticketAttachments.id, id));
    await age(stale.id, 25);
    await age(usedOld.id, 48);
    await age(recent.id, 23);

    const [job] = conversationJobs({ db: t.database.db });
    expect(job?.cron).toBeTruthy();
    const log = pino({ level: 'silent' });
    const result = await job!.handler({}, { id: 'test', log, stopping: () => false });
    expect(result).toMatchObject({ deleted: 1 });
    expectError(await fetchFile(customer, stale.id), 404);
    expect((await fetchFile(customer, recent.id)).statusCode).toBe(200);
    expect((await fetchFile(engineer, usedOld.id)).statusCode).toBe(200);
    // The deleted upload can no longer be attached; running again deletes nothing more.
    expectError(await sendMessage(t, customer, ticketId, { body: 'late', attachmentIds: [stale.id] }), 400);
    expect(await job!.handler({}, { id: 'again', log, stopping: () => false })).toMatchObject({ deleted: 0 });
  });
});
