import type { EmailKind } from '../../../shared/contracts/emails.js';
import type { Db } from '../../db/client.js';
import type { EmailAttachmentRef } from '../../db/schema/index.js';
import { insertEmail } from './queries.js';
import type { RenderedEmail } from './templates/blocks.js';

export interface OutgoingEmail {
  to: string;
  /** The account it is for, if any. */
  userId?: string | null;
  ticketId?: string | null;
  kind: EmailKind;
  rendered: RenderedEmail;
  headers?: Record<string, string>;
  attachments?: EmailAttachmentRef[];
}

/** Where every email is written: a row, and its send job, in the caller's transaction. */
export interface Outbox {
  /** The email's id. Call inside the transaction of the change that causes it. */
  queue(tx: Db, email: OutgoingEmail): Promise<string>;
}

/**
 * `enqueue` adds the email's send job in `tx` (jobs.enqueue of the app's queue). Without a transport
 * (no SMTP_URL) the email is written `kept` and no job is added: there is nothing to send.
 */
export function createOutbox({
  sending,
  enqueue,
}: {
  sending: boolean;
  enqueue(tx: Db, emailId: string): Promise<unknown>;
}): Outbox {
  return {
    async queue(tx, email) {
      const id = await insertEmail(tx, {
        to: email.to,
        userId: email.userId ?? null,
        ticketId: email.ticketId ?? null,
        kind: email.kind,
        subject: email.rendered.subject,
        html: email.rendered.html,
        text: email.rendered.text,
        headers: email.headers ?? {},
        attachments: email.attachments ?? [],
        status: sending ? 'queued' : 'kept',
      });
      if (sending) await enqueue(tx, id);
      return id;
    },
  };
}
