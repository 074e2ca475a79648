import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EmailAttachmentRef, EmailRow } from '../../db/schema/index.js';
import { claimEmail, findEmail, markAttemptFailed, markGivenUpWhileHeld, markKept, markSent } from './queries.js';
import { holdsSignInLink, withheldResetEmail } from './reset-links.js';
import type { MailAttachment, MailTransport } from './transport.js';

/** Makes an attachment's file when the email is sent; null when there is none to attach. */
export type AttachmentSource = (db: Db, ref: EmailAttachmentRef) => Promise<MailAttachment | null>;

export interface SenderDeps {
  db: Db;
  transport: MailTransport | null;
  /** The sender's domain, for Message-ID. */
  domain: string;
  attachments: AttachmentSource;
}

/**
 * How long one send holds its email. Longer than a send can take (transport.ts SEND_TIMEOUTS bound
 * each step; one small email takes well under a minute even from a slow server) and as long as the
 * job's own expiry (jobs.ts): a run that died mid-send is retried only after both, so no longer.
 */
export const SEND_LEASE_SECONDS = 120;

const HELD_ON_LAST_TRY =
  'Its last try found another send of it under way that did not finish (a server stopped mid-send): retry it';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * One attempt to send one email, safe to run again for the same email:
 *
 * 1. The row is claimed (queued or failed, no live lease): the attempt is counted and the row held. A
 *    row already sent or kept is left alone, so a job run twice does not send twice.
 * 2. It goes to the SMTP server.
 * 3. At once, `sent` is recorded. If that write fails it is tried again for a while: the email did go.
 *
 * What remains: a crash after the SMTP server took the message and before step 3 commits leaves the
 * row queued, and the next run (after the lease) sends it again. Each attempt carries the same
 * Message-ID (`<email id@domain>`), so a receiving server or client may recognise the repeat.
 */
export async function deliverEmail(
  deps: SenderDeps,
  emailId: string,
  context: { log: FastifyBaseLogger; lastAttempt?: boolean | undefined; stopping(): boolean },
): Promise<{ status: EmailRow['status'] | 'held' | 'gone' }> {
  const { db } = deps;
  const email = await claimEmail(db, emailId, SEND_LEASE_SECONDS);
  if (!email) {
    const row = await findEmail(db, emailId);
    if (!row) return { status: 'gone' };
    // Held by a run still within its lease: this run fails, and its retry finds the outcome. On the
    // last try there is no retry: the row says so, for the admins' Retry.
    if (row.status === 'queued' || row.status === 'failed') {
      if (context.lastAttempt) await markGivenUpWhileHeld(db, row.id, HELD_ON_LAST_TRY);
      throw new Error('this email is being sent by another run');
    }
    return { status: row.status };
  }
  if (!deps.transport) {
    await markKept(db, email.id);
    return { status: 'kept' };
  }
  try {
    const files = await Promise.all(email.attachments.map((ref) => deps.attachments(db, ref)));
    const { 'Reply-To': replyTo, ...headers } = email.headers;
    await deps.transport.send({
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: `<${email.id}@${deps.domain}>`,
      headers,
      replyTo,
      attachments: files.filter((f): f is MailAttachment => f !== null),
    });
  } catch (err) {
    const last = context.lastAttempt ?? false;
    await markAttemptFailed(db, email.id, errorText(err), last);
    throw err;
  }
  await recordSent(db, email, context);
  return { status: 'sent' };
}

/**
 * `sent`, written as soon as the server took the email; a failed write is tried again for a minute. A
 * password reset's link is not kept once it has gone (reset-links.ts).
 */
async function recordSent(
  db: Db,
  email: Pick<EmailRow, 'id' | 'kind'>,
  context: { log: FastifyBaseLogger; stopping(): boolean },
) {
  const id = email.id;
  const body = holdsSignInLink(email.kind) ? withheldResetEmail('sent') : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      await markSent(db, id, body);
      return;
    } catch (err) {
      if (attempt >= 12 || context.stopping()) {
        context.log.error({ err, emailId: id }, 'an email was sent but could not be marked sent');
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}
