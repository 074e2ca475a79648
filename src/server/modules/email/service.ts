import type {
  EmailDetail,
  EmailStatus,
  NotificationSettings,
  UnsubscribeResponse,
} from '../../../shared/contracts/emails.js';
import type { Db } from '../../db/client.js';
import type { EmailRow, UserRow } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { findUserById } from '../auth/queries.js';
import { receiptOfOrder } from '../receipts/service.js';
import { findEmail, listEmails, preferencesOf, requeueFailed, setPreferences } from './queries.js';
import { resetLinkReadable, withheldResetEmail } from './reset-links.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

type Summary = Pick<EmailRow, 'id' | 'to' | 'subject' | 'status' | 'attempts' | 'lastError' | 'createdAt'>;

const summaryOf = (row: Summary) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
});

/** Admin: the outgoing emails, newest first, paged (one status if asked). */
export async function emailPage(
  db: Db,
  query: { limit: number; cursor?: string | undefined; status?: EmailStatus | undefined; q?: string | undefined },
) {
  const rows = await listEmails(db, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
    status: query.status,
    search: query.q,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { emails: page.map(summaryOf), nextCursor };
}

/** Admin: one email as it was rendered, a password reset's link only where reset-links.ts allows. */
export async function emailDetail(db: Db, reader: UserRow, id: string): Promise<EmailDetail> {
  const row = await findEmail(db, id);
  if (!row) throw notFound('Email not found');
  const redacted = !resetLinkReadable(row, reader);
  const body = redacted ? withheldResetEmail(row.status) : row;
  return {
    ...summaryOf(row),
    kind: row.kind,
    ticketId: row.ticketId,
    sentAt: row.sentAt?.toISOString() ?? null,
    html: body.html,
    text: body.text,
    redacted,
    attachments: await attachedReceipts(db, row),
  };
}

/** The receipts an email carries (attachments.ts makes their PDFs when it is sent). */
async function attachedReceipts(db: Db, row: EmailRow) {
  const found = await Promise.all(row.attachments.map((ref) => receiptOfOrder(db, ref.orderId)));
  return found.filter((receipt) => receipt !== undefined);
}

/** Admin: a failed email sent again (a new send job, with its own retries); 409 for any other status. */
export async function retryEmail(db: Db, enqueue: (tx: Db, emailId: string) => Promise<unknown>, id: string) {
  const retried = await db.transaction(async (tx) => {
    const row = await requeueFailed(tx, id);
    if (row) await enqueue(tx, row.id);
    return row;
  });
  if (retried) return summaryOf(retried);
  const row = await findEmail(db, id);
  if (!row) throw notFound('Email not found');
  throw conflict(`Only a failed email can be retried; this one is ${row.status}`);
}

export const notificationSettings = (db: Db, user: UserRow): Promise<NotificationSettings> =>
  preferencesOf(db, user.id);

export const changeNotificationSettings = (db: Db, user: UserRow, change: Partial<NotificationSettings>) =>
  setPreferences(db, user.id, change);

const INVALID_LINK = 'This unsubscribe link is not valid. Turn emails off from your profile instead.';

/** What an unsubscribe link turns off, and for which address (the confirm page says so). */
async function readUnsubscribe(db: Db, tokens: UnsubscribeTokens, token: string) {
  const read = tokens.read(token);
  const user = read && (await findUserById(db, read.userId));
  if (!read || !user) throw badRequest(INVALID_LINK);
  return { user, topic: read.topic };
}

/** The unsubscribe page's answer: the engineer's page speaks of an engineer's emails. */
const unsubscribeAnswer = (user: UserRow, topic: UnsubscribeResponse['topic'], on: boolean): UnsubscribeResponse => ({
  topic,
  email: user.email,
  on,
  engineer: user.role === 'engineer',
});

/** What an unsubscribe link turns off, and whether it is on now (changes nothing). */
export async function unsubscribeLink(db: Db, tokens: UnsubscribeTokens, token: string): Promise<UnsubscribeResponse> {
  const { user, topic } = await readUnsubscribe(db, tokens, token);
  return unsubscribeAnswer(user, topic, (await preferencesOf(db, user.id))[topic]);
}

/** The one-click unsubscribe: that kind of email off for that account (again is no change). */
export async function unsubscribe(db: Db, tokens: UnsubscribeTokens, token: string): Promise<UnsubscribeResponse> {
  const { user, topic } = await readUnsubscribe(db, tokens, token);
  await setPreferences(db, user.id, { [topic]: false });
  return unsubscribeAnswer(user, topic, false);
}
