import { isBlank } from '../../../shared/contracts/common.js';
import type { Message } from '../../../shared/contracts/messages.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { notifyTicketChange } from '../../events/ticket-notices.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Notices } from '../email/notices.js';
import { mayReadTicket, mayUseStaffNotes, messageRefusal, type TicketState } from '../tickets/policy.js';
import { findTicket, lockTicketState } from '../tickets/queries.js';
import {
  attachmentsOf,
  attachUploads,
  hasVisibleMessage,
  insertMessage,
  markReadUpTo,
  messageByIdempotencyKey,
  type ThreadRow,
  threadPage,
  unreadCount,
} from './queries.js';

const NOT_YOURS = 'This ticket is not yours';

/** The refusal for a message `person` may not post on the ticket (tickets/policy.ts), as an answer. */
export function refuseMessage(person: UserRow, ticket: TicketState, internal: boolean): AppError | null {
  switch (messageRefusal(person, ticket, internal)) {
    case 'not-yours':
      return forbidden(NOT_YOURS);
    case 'staff-only':
      return forbidden('Only the assigned engineer and admins can write staff notes');
    case 'read-only':
      return conflict('This ticket is completed: its conversation is read-only');
    case null:
      return null;
  }
}

/** The ticket, if `reader` may read its conversation; a 404 or a 403 otherwise. */
export async function readableTicket(db: Db, reader: UserRow, ticketId: string) {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  if (!mayReadTicket(reader, ticket)) throw forbidden(NOT_YOURS);
  return ticket;
}

const toMessage = (row: ThreadRow): Message => ({
  id: row.id,
  body: row.body,
  internal: row.internal,
  author: row.author,
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
});

/** A page of the ticket's thread, oldest first, as `reader` may see it (no staff notes for the customer). */
export async function listMessages(
  db: Db,
  reader: UserRow,
  ticketId: string,
  q: { after?: string | undefined; limit: number },
) {
  const ticket = await readableTicket(db, reader, ticketId);
  const staffNotes = mayUseStaffNotes(reader, ticket);
  const rows = await threadPage(db, { ticketId, staffNotes, after: q.after, limit: q.limit });
  // Nothing after `after`: either nothing new, or a message this reader does not have.
  if (rows.length === 0 && q.after && !(await hasVisibleMessage(db, ticketId, q.after, staffNotes))) {
    throw badRequest('No such message on this ticket: after must name one of its messages');
  }
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { messages: page.map(toMessage), nextCursor: rows.length > q.limit && last ? last.id : null };
}

// 409, a conflict with the message the key made: DECISIONS.md §2 lists the statuses the API answers.
const keyReused = () =>
  conflict('This Idempotency-Key was sent with a different message: make a new key for each message');

/**
 * Posts a message (or, `internal`, a staff note) under the ticket's row lock: a completion waits for
 * it or it sees the completion, and a ticket's messages commit in the order of their times. The
 * attachments must be the author's own unused uploads to this ticket. The live event goes out with
 * the commit, to the customer only when the message is not a staff note.
 *
 * With an `idempotencyKey`, a Send asked again (its answer lost on the way) answers the message the
 * key made, even once the ticket is completed, and posts, notifies and emails nothing; the same key
 * with a different message is refused (409). The row lock orders the two sends: the second finds the
 * first committed.
 */
export async function postMessage(
  db: Db,
  notices: Notices,
  author: UserRow,
  ticketId: string,
  input: { body: string; internal: boolean; attachmentIds: string[]; idempotencyKey?: string | undefined },
): Promise<Message> {
  // A uuid is the same in either case: one file named twice is one file.
  const ids = [...new Set(input.attachmentIds.map((id) => id.toLowerCase()))];
  // Only attachments: a body of nothing but spaces or invisible characters is kept as none.
  const body = isBlank(input.body) ? '' : input.body.trim();
  const { idempotencyKey } = input;
  try {
    return await db.transaction(async (tx) => {
      const ticket = await lockTicketState(tx, ticketId);
      if (!ticket) throw notFound('Ticket not found');
      const earlier = idempotencyKey ? await messageByIdempotencyKey(tx, author.id, idempotencyKey) : undefined;
      // Sent before the ticket was completed, it is answered still; not to one who lost the ticket.
      const why = messageRefusal(author, ticket, input.internal);
      if (earlier && (why === null || why === 'read-only')) {
        const attachments = await attachmentsOf(tx, earlier.id);
        const same =
          earlier.ticketId === ticketId &&
          earlier.body === body &&
          earlier.internal === input.internal &&
          sameIds(
            attachments.map((a) => a.id),
            ids,
          );
        if (!same) throw keyReused();
        return {
          id: earlier.id,
          body,
          internal: earlier.internal,
          author: { id: author.id, name: author.name, role: author.role },
          attachments,
          createdAt: earlier.createdAt.toISOString(),
        };
      }
      const refusal = refuseMessage(author, ticket, input.internal);
      if (refusal) throw refusal;
      const message = await insertMessage(tx, {
        ticketId,
        authorId: author.id,
        body,
        internal: input.internal,
        idempotencyKey,
      });
      if (ids.length > 0) {
        const taken = await attachUploads(tx, { ids, ticketId, uploaderId: author.id, messageId: message.id });
        if (taken !== ids.length) {
          throw badRequest('Attach only files you uploaded to this ticket that no message has used yet');
        }
      }
      await notifyTicketChange(tx, ticketId, 'message', input.internal ? 'staff-notes' : 'parties');
      // Its email to the other parties (at most one per ticket and person in 10 minutes), with the commit.
      await notices.messagePosted(tx, {
        ticketId,
        author,
        body,
        internal: input.internal,
        attachments: ids.length,
      });
      return {
        id: message.id,
        body,
        internal: input.internal,
        author: { id: author.id, name: author.name, role: author.role },
        attachments: ids.length > 0 ? await attachmentsOf(tx, message.id) : [],
        createdAt: message.createdAt.toISOString(),
      };
    });
  } catch (err) {
    // The same key sent at once on another ticket: that ticket's lock does not order the two.
    if (idempotencyKey && isUniqueViolation(err)) throw keyReused();
    throw err;
  }
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Marks the thread read up to a message the reader has (never back); answers what is still unread. */
export async function markRead(db: Db, reader: UserRow, ticketId: string, upTo: string) {
  const ticket = await readableTicket(db, reader, ticketId);
  const staffNotes = mayUseStaffNotes(reader, ticket);
  if (!(await markReadUpTo(db, { ticketId, readerId: reader.id, upTo, staffNotes }))) {
    throw badRequest('No such message on this ticket');
  }
  return { unread: await unreadCount(db, { ticketId, readerId: reader.id, staffNotes }) };
}
