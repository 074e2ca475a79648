import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tickets } from '../../src/server/db/schema/index.js';
import type { Attachment, Message } from '../../src/shared/contracts/messages.js';
import type { TicketStatus } from '../../src/shared/tickets.js';
import type { Session } from './api.js';
import { bookAndPay, type Draft, get, post } from './booking.js';
import type { TestApp } from './test-app.js';

/** A booked ticket of `customer`, put straight into `status` with `engineer` assigned (or none). */
export async function ticketOf(
  t: TestApp,
  customer: Session,
  draft: Draft,
  { engineer, status = 'in-progress' }: { engineer?: Session; status?: TicketStatus } = {},
): Promise<string> {
  const { ticket } = await bookAndPay(t, customer, draft);
  await t.database.db
    .update(tickets)
    .set({
      status,
      engineerId: engineer?.user.id ?? null,
      ...(status === 'completed' ? { completedAt: new Date(), remarks: 'Done' } : {}),
    })
    .where(eq(tickets.id, ticket.id));
  return ticket.id;
}

export const setStatus = (t: TestApp, ticketId: string, status: TicketStatus) =>
  t.database.db.update(tickets).set({ status }).where(eq(tickets.id, ticketId));

export const sendMessage = (
  t: TestApp,
  s: { headers: Record<string, string> } | null,
  ticketId: string,
  body: { body?: unknown; internal?: unknown; attachmentIds?: unknown },
) => post(t, `/api/tickets/${ticketId}/messages`, body, s?.headers ?? {});

/** Posts a message and fails the test unless it is made (201). */
export async function said(
  t: TestApp,
  s: Session,
  ticketId: string,
  body: { body?: string; internal?: boolean; attachmentIds?: string[] },
): Promise<Message> {
  const res = await sendMessage(t, s, ticketId, body);
  if (res.statusCode !== 201) throw new Error(`POST messages answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { message: Message }).message;
}

/** The thread as `s` sees it (every page). */
export async function threadOf(t: TestApp, s: Session, ticketId: string): Promise<Message[]> {
  const all: Message[] = [];
  let after = '';
  for (;;) {
    const res = await get(t, `/api/tickets/${ticketId}/messages?limit=200${after}`, s.headers);
    if (res.statusCode !== 200) throw new Error(`GET messages answered ${res.statusCode}: ${res.body}`);
    const page = res.json() as { messages: Message[]; nextCursor: string | null };
    all.push(...page.messages);
    if (!page.nextCursor) return all;
    after = `&after=${page.nextCursor}`;
  }
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function formWithFile(
  bytes: Buffer,
  { fileName = 'file.bin', field = 'file', type = 'application/octet-stream' } = {},
) {
  const boundary = `----rf${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const upload = (
  t: TestApp,
  s: { headers: Record<string, string> } | null,
  ticketId: string,
  bytes: Buffer,
  options: Parameters<typeof formWithFile>[1] = {},
) => {
  const form = formWithFile(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticketId}/attachments`,
    payload: form.payload,
    headers: { ...(s?.headers ?? {}), ...form.headers },
  });
};

/** Uploads a file and fails the test unless it is kept (201). */
export async function uploaded(
  t: TestApp,
  s: Session,
  ticketId: string,
  bytes: Buffer,
  options: Parameters<typeof formWithFile>[1] = {},
): Promise<Attachment> {
  const res = await upload(t, s, ticketId, bytes, options);
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { attachment: Attachment }).attachment;
}

/** Small files of each accepted type, as their formats begin. */
export const FILES = {
  // A 1×1 transparent PNG.
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  text: Buffer.from('2026-11-26 10:00:01 ERROR disk C: is full\n2026-11-26 10:00:02 WARN retrying…\n'),
  html: Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>\n'),
};
