import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (smtp-server) for the email tests: every message it accepts is parsed
 * (mailparser) and kept, so a test reads what the app sent exactly as a mail client would. `refuse`
 * makes it answer 550 to every message (each refusal counted) until set back.
 */

export interface ReceivedEmail {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: ParsedMail['headers'];
  /** A header as it was sent (unfolded), '' when absent. */
  header(name: string): string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpInbox {
  port: number;
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedEmail[];
  /** Messages refused while `refuse` was on. */
  refused: number;
  refuse: boolean;
  /** Waits until a message matching `match` has arrived (and answers the first such). */
  waitFor(match: (m: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  /** The messages sent to `address`. */
  to(address: string): ReceivedEmail[];
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

export async function startSmtpInbox({ port = 0 }: { port?: number } = {}): Promise<SmtpInbox> {
  const inbox: Omit<SmtpInbox, 'port' | 'url'> & { port: number; url: string } = {
    port: 0,
    url: '',
    received: [],
    refused: 0,
    refuse: false,
    async waitFor(match, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.received.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = inbox.received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
          throw new Error(`no such email arrived within ${timeoutMs} ms; received:\n  ${seen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    to: (address) => inbox.received.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (inbox.refuse) {
            inbox.refused++;
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          inbox.received.push({
            to: addresses(mail.to).map((a) => a.toLowerCase()),
            from: addresses(mail.from)[0] ?? '',
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
            headers: mail.headers,
            header: (name) =>
              mail.headerLines
                .find((h) => h.key === name.toLowerCase())
                ?.line.replace(/^[^:]*:\s*/, '')
                .replace(/\r?\n\s+/g, ' ') ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  inbox.port = typeof address === 'object' && address ? address.port : port;
  inbox.url = `smtp://127.0.0.1:${inbox.port}`;
  return inbox;
}

/** The links of an email's plain-text part that start with `prefix`. */
export const linksIn = (email: ReceivedEmail, prefix: string) =>
  [...email.text.matchAll(/https?:\/\/[^\s)>\]]+/g)].map((m) => m[0]).filter((u) => u.startsWith(prefix));
