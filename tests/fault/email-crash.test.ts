import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import { bookingDraft, bookingOrderBody, type CheckoutAnswer, signUpCustomer } from '../support/server-booking.js';
import { call } from '../support/server-http.js';
import { killAllServers, type ServerDatabase, sleep, startServer } from '../support/server-process.js';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.js';

/**
 * DECISIONS.md §7.1 and §7.3: an email is written, and its send job enqueued, in the transaction of the
 * change that causes it. kill -9 the server right after the change is acknowledged, while the SMTP
 * server does not answer yet; start the SMTP server, restart the app on the same data: each email
 * arrives, exactly once. Then the same with the SMTP server up all along, killed as the answer comes.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const SUPPORT = 'desk@remotefix.example';

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const env = (smtpPort: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'RemoteFix <no-reply@remotefix.example>',
  SUPPORT_EMAIL: SUPPORT,
  MAIL_RETRY_LIMIT: '10',
  MAIL_RETRY_DELAY: '1',
});

/** A booking (its confirmation email) and a public repair request (one to SUPPORT), each acknowledged. */
async function changesThatEmail(base: string) {
  const customer = await signUpCustomer(base, 'mailcrash');
  const draft = await bookingDraft(base);
  const order = await call<{ id: string }>(base, 'POST', '/order', {
    body: bookingOrderBody(draft),
    token: customer.token,
  });
  expect(order.status).toBe(201);
  const checkout = await call<CheckoutAnswer>(base, 'POST', `/test-checkout/${order.body.id}`, {
    body: { outcome: 'success' },
    token: customer.token,
  });
  expect(checkout.status).toBe(200);
  const marker = `crash-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const request = await call(base, 'POST', '/api/contact/add', {
    body: {
      name: 'Crash Tester',
      email: `${marker}@example.com`,
      phone: '+91 91234 56789',
      computerType: 'Laptop',
      description: `The laptop will not boot (${marker}).`,
      urgency: 'Urgent',
      mainServiceId: draft.mainServiceId,
      subServiceId: draft.subServiceId,
    },
  });
  expect(request.status).toBe(201);
  return { customerEmail: customer.email, marker };
}

/** Waits until both emails arrived, then a little more, and answers how often each arrived. */
async function deliveries(inbox: SmtpInbox, customerEmail: string, marker: string) {
  const booking = () => inbox.to(customerEmail).filter((m) => /Booking confirmed/.test(m.subject));
  const request = () => inbox.to(SUPPORT).filter((m) => m.text.includes(marker));
  const deadline = Date.now() + 60_000;
  while ((booking().length === 0 || request().length === 0) && Date.now() < deadline) await sleep(100);
  // Long enough for a second copy to come, if one were coming (the retry delay is 1 s).
  await sleep(5000);
  return { booking: booking().length, request: request().length };
}

async function killedBeforeTheSend(port: number, database: ServerDatabase) {
  const smtpPort = await freePort();
  const server = await startServer({ port, database, env: env(smtpPort) });
  const { customerEmail, marker } = await changesThatEmail(server.url);
  // Acknowledged, committed, and nothing can have been sent: no SMTP server is listening.
  await server.kill9();

  const inbox = await startSmtpInbox({ port: smtpPort });
  try {
    const again = await startServer({ port, database, env: env(smtpPort) });
    const counts = await deliveries(inbox, customerEmail, marker);
    expect(counts, 'each email delivered exactly once after the restart').toEqual({ booking: 1, request: 1 });
    const booking = inbox.to(customerEmail)[0];
    expect(booking?.attachments[0]?.contentType).toBe('application/pdf');
    expect(new Set(inbox.received.map((m) => m.messageId)).size).toBe(inbox.received.length);
    const exit = await again.stop();
    expect(exit, again.log()).toEqual({ code: 0, signal: null });
  } finally {
    await inbox.close();
  }
}

async function killedAsItAnswers(port: number, database: ServerDatabase) {
  const inbox = await startSmtpInbox();
  try {
    const server = await startServer({ port, database, env: env(inbox.port) });
    const { customerEmail, marker } = await changesThatEmail(server.url);
    // Killed as the last answer comes: the send may have happened already, or not yet.
    await server.kill9();
    const before = inbox.received.length;
    const again = await startServer({ port, database, env: env(inbox.port) });
    const counts = await deliveries(inbox, customerEmail, marker);
    expect(counts, `each email exactly once (${before} had arrived before the restart)`).toEqual({
      booking: 1,
      request: 1,
    });
    await again.stop();
  } finally {
    await inbox.close();
  }
}

describe('email across kill -9', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await killAllServers();
    for (const c of cleanups.splice(0)) await c();
  });
  afterAll(killAllServers);

  const pglite = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rf-fault-mail-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir };
  };
  const postgres = async () => {
    const db = await freshPostgresDatabase(TEST_DATABASE_URL as string);
    cleanups.push(() => db.drop());
    return { url: db.url };
  };

  it('PGlite: killed before the SMTP server answered, each email arrives once after the restart', async () => {
    await killedBeforeTheSend(4650, pglite());
  });

  it('PGlite: killed as the change is acknowledged, each email arrives once', async () => {
    await killedAsItAnswers(4651, pglite());
  });

  it.skipIf(!TEST_DATABASE_URL)(
    TEST_DATABASE_URL
      ? 'PostgreSQL: killed before the SMTP server answered, each email arrives once after the restart'
      : 'PostgreSQL: SKIPPED because TEST_DATABASE_URL is not set',
    async () => {
      await killedBeforeTheSend(4652, await postgres());
    },
  );
});
