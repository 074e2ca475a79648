import { and, asc, eq, inArray, isNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Attachment, Message } from '../../../shared/contracts/messages.js';
import type { Db } from '../../db/client.js';
import { ticketAttachments, ticketMessages, ticketReads, tickets, users } from '../../db/schema/index.js';

/**
 * Which messages a reader sees: every one (`staffNotes`: the engineer and admins), or all but the
 * staff notes (the customer). The caller decides with tickets/policy.ts; the SQL only applies it.
 */
const visible = (staffNotes: boolean): SQL | undefined => (staffNotes ? undefined : eq(ticketMessages.internal, false));

// A message's files in one column (one index probe per message), oldest first. The outer row is
// named in full: drizzle writes a column bare ("id") in a query of one table, which inside this
// subquery would be the attachment's own id.
const attachmentsOfMessage = sql<Attachment[]>`coalesce((
    select json_agg(json_build_object('id', a.id, 'fileName', a.file_name, 'contentType', a.content_type,
      'size', a.size) order by a.created_at, a.id)
    from ${ticketAttachments} a where a.message_id = ${ticketMessages}.id), '[]'::json)`;

// Its author, by name and role only, one index probe per message. Joined instead, the thread of 200
// was planned as a hash of the whole users table, read on every request: a cost that grew with the
// accounts, where this one does not.
const authorOfMessage = sql<Message['author']>`(select json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    from ${users} u where u.id = ${ticketMessages}.author_id)`;

/**
 * The thread of a ticket, oldest first, `limit + 1` rows (so the caller sees whether more follow),
 * after the message `after` if given. An `after` the reader cannot see matches nothing.
 */
export function threadPage(
  db: Db,
  q: { ticketId: string; staffNotes: boolean; after?: string | undefined; limit: number },
) {
  const after = q.after
    ? sql`(${ticketMessages.createdAt}, ${ticketMessages.id}) > (select m.created_at, m.id
        from ${ticketMessages} m where m.id = ${q.after} and m.ticket_id = ${q.ticketId}
        ${q.staffNotes ? sql`` : sql`and not m.internal`})`
    : undefined;
  return db
    .select({
      id: ticketMessages.id,
      body: ticketMessages.body,
      internal: ticketMessages.internal,
      createdAt: ticketMessages.createdAt,
      author: authorOfMessage,
      attachments: attachmentsOfMessage,
    })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, q.ticketId), visible(q.staffNotes), after))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .limit(q.limit + 1);
}

export type ThreadRow = Awaited<ReturnType<typeof threadPage>>[number];

/** Whether the ticket has a message of this id that the reader may see. */
export async function hasVisibleMessage(db: Db, ticketId: string, messageId: string, staffNotes: boolean) {
  const [row] = await db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.ticketId, ticketId), visible(staffNotes)))
    .limit(1);
  return row !== undefined;
}

export async function insertMessage(tx: Db, values: typeof ticketMessages.$inferInsert) {
  const [row] = await tx
    .insert(ticketMessages)
    .values(values)
    .returning({ id: ticketMessages.id, createdAt: ticketMessages.createdAt });
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** The message its author sent with this Idempotency-Key, if any (a Send asked again). */
export async function messageByIdempotencyKey(tx: Db, authorId: string, key: string) {
  const [row] = await tx
    .select({
      id: ticketMessages.id,
      ticketId: ticketMessages.ticketId,
      body: ticketMessages.body,
      internal: ticketMessages.internal,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.authorId, authorId), eq(ticketMessages.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * Gives the message the uploads among `ids` that its author uploaded to this ticket and no message
 * has used yet; answers how many it took (the caller refuses the message unless it took them all).
 */
export async function attachUploads(
  tx: Db,
  q: { ids: string[]; ticketId: string; uploaderId: string; messageId: string },
): Promise<number> {
  const taken = await tx
    .update(ticketAttachments)
    .set({ messageId: q.messageId })
    .where(
      and(
        inArray(ticketAttachments.id, q.ids),
        eq(ticketAttachments.ticketId, q.ticketId),
        eq(ticketAttachments.uploaderId, q.uploaderId),
        isNull(ticketAttachments.messageId),
      ),
    )
    .returning({ id: ticketAttachments.id });
  return taken.length;
}

/** A message's files, in the order the thread lists them. */
export function attachmentsOf(db: Db, messageId: string): Promise<Attachment[]> {
  return db
    .select({
      id: ticketAttachments.id,
      fileName: ticketAttachments.fileName,
      contentType: sql<Attachment['contentType']>`${ticketAttachments.contentType}`,
      size: ticketAttachments.size,
    })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.messageId, messageId))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
}

// A file's bytes travel as base64 text, decoded and encoded by the database: PGlite's own bytea
// conversion goes byte by byte in JavaScript, so a 10 MB file held its one connection for seconds
// (as base64, a small fraction of that). PostgreSQL takes it either way.

export async function insertAttachment(
  db: Db,
  { data, ...values }: Omit<typeof ticketAttachments.$inferInsert, 'data'> & { data: Buffer },
) {
  const [row] = await db
    .insert(ticketAttachments)
    .values({ ...values, data: sql`decode(${data.toString('base64')}, 'base64')` })
    .returning({ id: ticketAttachments.id });
  if (!row) throw new Error('attachment insert returned nothing');
  return row.id;
}

/**
 * Holds the uploader's account row until the transaction ends, so that account's uploads are counted
 * and stored one after another; false when the account no longer exists.
 */
export async function lockUploader(tx: Db, uploaderId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, uploaderId)).for('update');
  return rows.length > 0;
}

/** The bytes of every file a ticket holds, sent with a message or waiting for one. */
export async function ticketFileBytes(db: Db, ticketId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${ticketAttachments.size}), 0)`.mapWith(Number) })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId));
  return row?.bytes ?? 0;
}

/** How many uploads of this account no message has used yet. */
export async function unusedUploadCount(db: Db, uploaderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.uploaderId, uploaderId), isNull(ticketAttachments.messageId)));
  return row?.n ?? 0;
}

/** An attachment with what decides who may read it: its uploader, its message's kind, its ticket's parties. */
export async function findAttachment(db: Db, id: string) {
  const [row] = await db
    .select({
      fileName: ticketAttachments.fileName,
      contentType: ticketAttachments.contentType,
      base64: sql<string>`encode(${ticketAttachments.data}, 'base64')`,
      uploaderId: ticketAttachments.uploaderId,
      messageId: ticketAttachments.messageId,
      internal: ticketMessages.internal,
      userId: tickets.userId,
      engineerId: tickets.engineerId,
    })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(eq(ticketAttachments.id, id))
    .limit(1);
  if (!row) return undefined;
  const { base64, ...rest } = row;
  // PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
  return { ...rest, data: Buffer.from(base64, 'base64') };
}

/** Deletes at most `batch` uploads no message used, made before `before`; answers how many it deleted. */
export async function deleteUnusedUploads(db: Db, before: Date, batch: number): Promise<number> {
  const stale = db
    .select({ id: ticketAttachments.id })
    .from(ticketAttachments)
    .where(and(isNull(ticketAttachments.messageId), lt(ticketAttachments.createdAt, before)))
    .orderBy(asc(ticketAttachments.createdAt))
    .limit(batch);
  // Checked again on delete: a message may have taken the upload since (it holds the row's lock).
  const deleted = await db
    .delete(ticketAttachments)
    .where(and(inArray(ticketAttachments.id, stale), isNull(ticketAttachments.messageId)))
    .returning({ id: ticketAttachments.id });
  return deleted.length;
}

/**
 * How many messages of a ticket `readerId` has not read: after their read marker, not their own, and
 * not staff notes unless they may read those. `ticketId` is a value (one ticket) or the outer query's
 * ticket column: a ticket list selects it per row, and PostgreSQL runs it only for the rows the list
 * returns. Either way one index range (ticket_messages_thread_idx: the ticket's messages after the
 * marker, with their author and kind) and one read-marker lookup.
 */
export const unreadOf = (ticketId: string | AnyPgColumn, readerId: string | Placeholder, staffNotes: boolean) =>
  sql<number>`(select count(*)::int from ${ticketMessages} m
    where m.ticket_id = ${ticketId} and m.author_id <> ${readerId} ${staffNotes ? sql`` : sql`and not m.internal`}
      and m.created_at > coalesce((select r.read_up_to from ${ticketReads} r
        where r.ticket_id = ${ticketId} and r.user_id = ${readerId}), '-infinity'))`;

/** Messages of the ticket that `readerId` has not read (unreadOf). */
export async function unreadCount(db: Db, q: { ticketId: string; readerId: string; staffNotes: boolean }) {
  const result = await db.execute(sql`select ${unreadOf(q.ticketId, q.readerId, q.staffNotes)} as unread`);
  return (result as unknown as { rows: { unread: number }[] }).rows[0]?.unread ?? 0;
}

/**
 * Moves the reader's marker forward to the message `upTo` (never back); answers false when the
 * ticket has no such message the reader may see.
 */
export async function markReadUpTo(
  db: Db,
  q: { ticketId: string; readerId: string; upTo: string; staffNotes: boolean },
): Promise<boolean> {
  const rows = await db.execute(sql`insert into ${ticketReads} (ticket_id, user_id, read_up_to)
    select ${q.ticketId}, ${q.readerId}, m.created_at from ${ticketMessages} m
    where m.id = ${q.upTo} and m.ticket_id = ${q.ticketId} ${q.staffNotes ? sql`` : sql`and not m.internal`}
    on conflict (ticket_id, user_id)
    do update set read_up_to = greatest(${ticketReads.readUpTo}, excluded.read_up_to)
    returning 1 as marked`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}
