import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<email id@sender's domain>`: the same for every attempt, so a receiver can tell a repeat. */
  messageId: string;
  headers: Record<string, string>;
  replyTo?: string | undefined;
  attachments: MailAttachment[];
}

/** How emails leave: one SMTP transport for the process, its connections pooled and reused. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Connects and signs in as a send would, sending nothing: throws what a send would meet. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * Bounds on one send, so a server that does not answer fails the attempt (and it is retried) instead of
 * holding the job: connecting, the server's greeting, and any silence after that.
 */
export const SEND_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The transport of SMTP_URL, made once; null without it (every email is kept, DECISIONS.md §7.3). */
export function createMailTransport(mail: Config['mail']): MailTransport | null {
  if (!mail.smtpUrl) return null;
  const transport = createTransport(
    {
      url: mail.smtpUrl,
      pool: true,
      maxConnections: 5,
      maxMessages: 100,
      ...SEND_TIMEOUTS,
      logger: false,
      debug: false,
    },
    { from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address },
  );
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        attachments: message.attachments,
      });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
