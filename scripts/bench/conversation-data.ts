/**
 * The conversation bench's data (run-messages.ts): the measured thread and the tickets the posts go
 * to, the clean-up after the posts, and the app's own statements for a thread read and for a post,
 * recorded by a drizzle logger and handed to the ceiling (ceiling.ts) as sequences.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import { countHit } from '../../src/server/db/rate-limits.js';
import { accountWritesCounter, ONE_MINUTE } from '../../src/server/lib/http.js';
import * as schema from '../../src/server/db/schema/index.js';
import { findUserById } from '../../src/server/modules/auth/queries.js';
import { listMessages, postMessage } from '../../src/server/modules/conversation/service.js';
import { createNotices } from '../../src/server/modules/email/notices.js';
import { createOutbox } from '../../src/server/modules/email/outbox.js';
import { unsubscribeTokens } from '../../src/server/modules/email/unsubscribe.js';
import { CONVERSATION_LIMITS } from '../../src/shared/contracts/messages.js';
import { JWT_SECRET, sleep } from './lib.js';
import { CONNECTIONS } from './run-settings.js';
import { MEASURED_CUSTOMER_EMAIL, MEASURED_ENGINEER_EMAIL } from './seed-accounts.js';
import { THREAD_MESSAGES } from './seed-messages.js';

export interface Statement {
  text: string;
  values: unknown[];
}

export const POST_BODY = { body: 'Bench: the update stops at 35 % again, with the same error on screen.' };

/** A ticket a customer posts on. */
export interface Poster {
  ticketId: string;
  customerId: string;
  email: string;
}

/** The measured thread, or why there is none (a database seeded before this section existed). */
export async function findThread(pool: pg.Pool): Promise<Poster | string> {
  const { rows } = await pool.query<{ id: string; customer: string; messages: number }>(
    `select t.id, c.id as customer, (select count(*)::int from ticket_messages m where m.ticket_id = t.id) as messages
     from tickets t join users c on c.id = t.user_id join users e on e.id = t.engineer_id
     where c.email = $1 and e.email = $2 and t.status = 'in-progress'
     order by t.created_at desc limit 1`,
    [MEASURED_CUSTOMER_EMAIL, MEASURED_ENGINEER_EMAIL],
  );
  const row = rows[0];
  if (!row || row.messages < THREAD_MESSAGES)
    return `no ticket of the measured customer and engineer with a thread of ${THREAD_MESSAGES} (the database was seeded before the conversation bench: seed a fresh one)`;
  return { ticketId: row.id, customerId: row.customer, email: MEASURED_CUSTOMER_EMAIL };
}

/** The newest tickets in progress with an engineer, one per customer, other than the thread's. */
export async function otherPosters(pool: pg.Pool, thread: string): Promise<Poster[]> {
  const { rows } = await pool.query<Poster>(
    `select distinct on (c.id) t.id as "ticketId", c.id as "customerId", c.email
     from tickets t join users c on c.id = t.user_id
     where t.status = 'in-progress' and t.engineer_id is not null and t.id <> $1
       and t.created_at > now() - interval '14 days'
     order by c.id, t.created_at desc`,
    [thread],
  );
  return rows.slice(0, CONNECTIONS);
}

/** Waits for the posts still in flight when autocannon stopped (they commit all the same) to land. */
async function settle(pool: pg.Pool, ticketIds: string[]) {
  const count = async () =>
    (
      await pool.query<{ n: number }>('select count(*)::int as n from ticket_messages where ticket_id = any($1)', [
        ticketIds,
      ])
    ).rows[0]?.n;
  for (let last = await count(), tries = 0; tries < 60; tries++) {
    await sleep(500);
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

/** Deletes what the bench's posts added: the thread keeps its first THREAD_MESSAGES messages. */
export async function removePosts(pool: pg.Pool, thread: string, others: string[]) {
  await settle(pool, [thread, ...others]);
  await pool.query(
    `delete from ticket_messages where ticket_id = $1 and id not in
       (select id from ticket_messages where ticket_id = $1 order by created_at, id limit $2)`,
    [thread, THREAD_MESSAGES],
  );
  await pool.query('delete from ticket_messages where ticket_id = any($1) and body = $2', [others, POST_BODY.body]);
}

/**
 * Records the statements the app's conversation service runs (a drizzle logger on a pool of its own:
 * the app's queries, built by the app's code, as the lists' ceiling takes its SQL from listTickets).
 */
export function recorder(url: string) {
  const recorded: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, values) => void recorded.push({ text, values }) },
  }) as unknown as Db;
  // Sending no email (the app's too: the bench runs it without SMTP_URL, and the slot is taken below).
  const notices = createNotices({
    config: { publicUrl: 'http://127.0.0.1', support: { email: 'support@remotefix.test', phone: '+91 90000 00000' } },
    outbox: createOutbox({ sending: false, enqueue: async () => {} }),
    unsubscribe: unsubscribeTokens(JWT_SECRET),
  });
  const customerOf = async (p: Poster) => {
    const customer = await findUserById(db, p.customerId);
    if (!customer) throw new Error(`customer ${p.email} is gone`);
    recorded.splice(0);
    return customer;
  };
  return {
    /** One read of the whole thread, as the web makes it. */
    async thread(p: Poster) {
      const page = await listMessages(db, await customerOf(p), p.ticketId, { limit: CONVERSATION_LIMITS.page.max });
      if (page.messages.length !== THREAD_MESSAGES || page.nextCursor !== null)
        throw new Error(`the thread read ${page.messages.length} messages in one page, not ${THREAD_MESSAGES}`);
      return recorded.splice(0);
    },
    /**
     * A post in its steady state: the first may take the engineer's message-email slot, the second
     * not. Like the app's, it counts the post against the account's writes budget first (the
     * RATE_LIMIT_WRITES hook, lib/http.ts), a statement of its own before the transaction.
     */
    async post(p: Poster) {
      const customer = await customerOf(p);
      const input = { body: POST_BODY.body, internal: false, attachmentIds: [] };
      await postMessage(db, notices, customer, p.ticketId, input);
      recorded.splice(0);
      await countHit(db, accountWritesCounter(customer.id), ONE_MINUTE);
      await postMessage(db, notices, customer, p.ticketId, input);
      return recorded.splice(0);
    },
    close: () => pool.end(),
  };
}

export async function putSequence(ceilingBase: string, key: string, statements: Statement[]) {
  const res = await fetch(`${ceilingBase}/sequence/${key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ statements }),
  });
  if (!res.ok) throw new Error(`the ceiling refused the ${key} sequence: ${res.status}`);
}
