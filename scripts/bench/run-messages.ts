/**
 * The conversation (issue 27) on PostgreSQL, where its target is set: reading a thread of 200 messages
 * and posting a message, each at 50 connections beside a ceiling running the same SQL.
 *
 * - The thread is the measured customer's newest ticket (in progress, the measured engineer's too),
 *   seeded with 200 messages between them (seed-messages.ts). It is read as the web reads it: one
 *   `GET /api/tickets/{id}/messages?limit=200`, the API's largest page (its default page is 50, so a
 *   client on the default would make four requests; the web asks for 200 a page).
 * - A post is the customer's `POST /api/tickets/{id}/messages` on that ticket, every connection on the
 *   same ticket: the worst case, as a ticket's messages are written one at a time under its row lock.
 * - The ceiling's SQL is the app's own: the conversation's service functions run once on a drizzle
 *   handle that records each statement (its `begin` and `commit` included), and the ceiling (ceiling.ts)
 *   runs that sequence on one connection per request. A post is recorded in its steady state (the
 *   message email already sent within its 10 minutes), as nearly every one of the run's posts is.
 * Each is measured BENCH_ROUNDS times, each round between two ceiling runs (its ratio is to their
 * mean), and the posts the run made are deleted after it, so the thread is 200 long for the next run.
 *
 * Run alone (the 100,000 set seeded or reused, its own server and ceiling, figures and targets printed):
 *   BENCH_DATABASE_URL=postgres://…/db [BENCH_PORT_BASE=…] tsx scripts/bench/run-messages.ts
 */
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Request, RequestParams } from 'autocannon';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema/index.js';
import { findUserById } from '../../src/server/modules/auth/queries.js';
import { listMessages, postMessage } from '../../src/server/modules/conversation/service.js';
import { createNotices } from '../../src/server/modules/email/notices.js';
import { createOutbox } from '../../src/server/modules/email/outbox.js';
import { unsubscribeTokens } from '../../src/server/modules/email/unsubscribe.js';
import { CONVERSATION_LIMITS } from '../../src/shared/contracts/messages.js';
import { JWT_SECRET, ROOT, SERVER_NODE_FLAGS, sleep } from './lib.js';
import { getJson, login } from './lib-http.js';
import { type Child, registerCleanup, spawnNode, startServer, waitReady } from './lib-processes.js';
import { table } from './lib-report.js';
import { conversationChecks, printConversation } from './report-messages.js';
import { measure, medianOfRounds } from './run-cannon.js';
import { mark } from './run-report.js';
import {
  APP_PORT,
  BIG,
  CEILING_PORT,
  CONNECTIONS,
  type EndpointResult,
  log,
  ROUNDS,
  runAsCommand,
} from './run-settings.js';
import { openAndSeed } from './seed.js';
import { BENCH_PASSWORD, MEASURED_CUSTOMER_EMAIL, MEASURED_ENGINEER_EMAIL } from './seed-accounts.js';
import { THREAD_MESSAGES } from './seed-messages.js';

export interface ConversationBench {
  ticketId: string;
  /** Messages in the thread read, and the page size it is read with (one request). */
  threadMessages: number;
  pageSize: number;
  thread: EndpointResult;
  /** Posts on as many tickets as connections, each connection on its own (the target). */
  post: EndpointResult;
  postTickets: number;
  /** For information: every connection posting on the one ticket (one round). */
  postOneTicket: EndpointResult;
  /** The ceiling's runs for each, before the first round and after each. */
  ceilingRuns: { thread: CeilingRun[]; post: CeilingRun[]; postOneTicket: CeilingRun[] };
}

export interface CeilingRun {
  rps: number;
  p99: number;
}

interface Statement {
  text: string;
  values: unknown[];
}

const POST_BODY = { body: 'Bench: the update stops at 35 % again, with the same error on screen.' };

/** The bench's running processes and the measured customer's token. */
export interface ConversationSetup {
  url: string;
  server: Child;
  base: string;
  ceiling: Child;
  ceilingBase: string;
  customerToken: string;
}

/** A ticket a customer posts on. */
interface Poster {
  ticketId: string;
  customerId: string;
  email: string;
}

/** The measured thread, or why there is none (a database seeded before this section existed). */
async function findThread(pool: pg.Pool): Promise<Poster | string> {
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
async function otherPosters(pool: pg.Pool, thread: string): Promise<Poster[]> {
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
async function removePosts(pool: pg.Pool, thread: string, others: string[]) {
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
function recorder(url: string) {
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
    /** A post in its steady state: the first may take the engineer's message-email slot, the second not. */
    async post(p: Poster) {
      const customer = await customerOf(p);
      const input = { body: POST_BODY.body, internal: false, attachmentIds: [] };
      await postMessage(db, notices, customer, p.ticketId, input);
      recorded.splice(0);
      await postMessage(db, notices, customer, p.ticketId, input);
      return recorded.splice(0);
    },
    close: () => pool.end(),
  };
}

async function putSequence(ceilingBase: string, key: string, statements: Statement[]) {
  const res = await fetch(`${ceilingBase}/sequence/${key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ statements }),
  });
  if (!res.ok) throw new Error(`the ceiling refused the ${key} sequence: ${res.status}`);
}

type Spec = Parameters<typeof measure>[2];

/** `rounds` rounds of the app's endpoint, each between two runs of the same SQL on the ceiling. */
async function againstCeiling(s: ConversationSetup, app: Spec, ceiling: Spec, runs: CeilingRun[], rounds = ROUNDS) {
  const onCeiling = async () => {
    const { rps, p99 } = await measure(s.ceiling, s.ceilingBase, ceiling, null);
    runs.push({ rps, p99 });
    return rps;
  };
  if (runs.length === 0) await onCeiling();
  const results: EndpointResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const before = runs.at(-1)?.rps ?? NaN;
    const result = await measure(s.server, s.base, app, null);
    const after = await onCeiling();
    const reference = (before + after) / 2;
    results.push({ ...result, ceilingRps: reference, ratioToCeiling: result.rps / reference });
  }
  return medianOfRounds(results);
}

/**
 * Requests that give each autocannon connection a poster of its own (its context remembers which):
 * `request` makes that poster's request.
 */
function perConnection(posters: Poster[], request: (p: Poster, i: number) => RequestParams): Request[] {
  let next = 0;
  return [
    {
      setupRequest: (req, context) => {
        context.slot ??= next++ % posters.length;
        const i = context.slot as number;
        return { ...req, ...request(posters[i] as Poster, i) };
      },
    },
  ];
}

/** The conversation's figures, or why it was skipped. */
export async function benchConversation(s: ConversationSetup): Promise<ConversationBench | { skipped: string }> {
  const pool = new pg.Pool({ connectionString: s.url, max: 1 });
  const record = recorder(s.url);
  try {
    const found = await findThread(pool);
    if (typeof found === 'string') {
      log(`conversation skipped: ${found}`);
      return { skipped: found };
    }
    const others = await otherPosters(pool, found.ticketId);
    if (others.length < CONNECTIONS) throw new Error(`only ${others.length} tickets in progress to post on`);
    const otherIds = others.map((p) => p.ticketId);
    await removePosts(pool, found.ticketId, otherIds);

    // The same SQL as the app's, on the ceiling; the app and the ceiling answer the same thread.
    await putSequence(s.ceilingBase, 'thread', await record.thread(found));
    await putSequence(s.ceilingBase, 'post-one', await record.post(found));
    for (const [i, p] of others.entries()) await putSequence(s.ceilingBase, `post-${i}`, await record.post(p));
    await removePosts(pool, found.ticketId, otherIds);
    const threadPath = `/api/tickets/${found.ticketId}/messages?limit=${CONVERSATION_LIMITS.page.max}`;
    const [app, bare] = await Promise.all([
      getJson<{ messages: unknown[] }>(`${s.base}${threadPath}`, s.customerToken),
      getJson<{ results: unknown[][] }>(`${s.ceilingBase}/sequence/thread`),
    ]);
    if (app.messages.length !== THREAD_MESSAGES || bare.results.at(-1)?.length !== THREAD_MESSAGES)
      throw new Error(
        `the thread read ${app.messages.length} messages (app), ${bare.results.at(-1)?.length} (ceiling)`,
      );
    const tokens = await Promise.all(others.map((p) => login(s.base, p.email, BENCH_PASSWORD)));

    const ceilingRuns = { thread: [] as CeilingRun[], post: [] as CeilingRun[], postOneTicket: [] as CeilingRun[] };
    log(`conversation: a thread of ${THREAD_MESSAGES} messages, read in one page of ${CONVERSATION_LIMITS.page.max}`);
    const thread = await againstCeiling(
      s,
      {
        name: `GET …/messages (thread of ${THREAD_MESSAGES})`,
        path: threadPath,
        token: s.customerToken,
        authenticated: true,
      },
      { name: 'ceiling: the thread’s SQL', path: '/sequence/thread', authenticated: false },
      ceilingRuns.thread,
    );
    const body = JSON.stringify(POST_BODY);
    const json = { 'content-type': 'application/json' };
    let post: EndpointResult;
    let postOneTicket: EndpointResult;
    try {
      log(`conversation: posting a message, ${others.length} customers on their own tickets, one per connection`);
      post = await againstCeiling(
        s,
        {
          name: `POST …/messages (${others.length} tickets)`,
          method: 'POST',
          path: '/',
          authenticated: true,
          requests: perConnection(others, (p, i) => ({
            method: 'POST',
            path: `/api/tickets/${p.ticketId}/messages`,
            headers: { ...json, authorization: `Bearer ${tokens[i]}` },
            body,
          })),
        },
        {
          name: 'ceiling: each ticket’s post SQL',
          method: 'POST',
          path: '/',
          authenticated: false,
          requests: perConnection(others, (_p, i) => ({
            method: 'POST',
            path: `/sequence/post-${i}`,
            headers: json,
            body,
          })),
        },
        ceilingRuns.post,
      );
      log('conversation, for information: every connection posting on the one ticket');
      postOneTicket = await againstCeiling(
        s,
        {
          name: 'POST …/messages (one ticket, 50 posters)',
          method: 'POST',
          path: `/api/tickets/${found.ticketId}/messages`,
          token: s.customerToken,
          body: POST_BODY,
          authenticated: true,
        },
        {
          name: 'ceiling: the post SQL',
          method: 'POST',
          path: '/sequence/post-one',
          body: POST_BODY,
          authenticated: false,
        },
        ceilingRuns.postOneTicket,
        1,
      );
    } finally {
      await removePosts(pool, found.ticketId, otherIds);
    }
    return {
      ticketId: found.ticketId,
      threadMessages: THREAD_MESSAGES,
      pageSize: CONVERSATION_LIMITS.page.max,
      thread,
      post,
      postTickets: others.length,
      postOneTicket,
      ceilingRuns,
    };
  } finally {
    await record.close();
    await pool.end();
  }
}

async function main() {
  registerCleanup();
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('give BENCH_DATABASE_URL (a PostgreSQL database of your own)');
  const seeded = await openAndSeed({ url }, { tickets: BIG });
  await seeded.database.close();
  log(seeded.reused ? 'the bench data is there: not seeded again' : `seeded in ${seeded.result.ms} ms`);
  const ceilingBase = `http://127.0.0.1:${CEILING_PORT}`;
  // The ceiling's main statement is the lists'; this section adds its own sequences.
  const ceiling = spawnNode(
    'ceiling',
    [...SERVER_NODE_FLAGS, '--import', 'tsx', join(ROOT, 'scripts/bench/ceiling.ts')],
    { ...process.env, PORT: String(CEILING_PORT), CEILING_SQL: 'select 1', DATABASE_URL: url },
  );
  try {
    await waitReady(`${ceilingBase}/healthz`, ceiling);
    const base = `http://127.0.0.1:${APP_PORT}`;
    const server = await startServer({ kind: 'postgres', url }, APP_PORT);
    try {
      const customerToken = await login(base, MEASURED_CUSTOMER_EMAIL, BENCH_PASSWORD);
      const result = await benchConversation({ url, server, base, ceiling, ceilingBase, customerToken });
      if ('skipped' in result) return;
      printConversation(result);
      const checks = conversationChecks('PostgreSQL', result);
      console.log(table([['target', 'figure', 'result'], ...checks.map((c) => [c.target, c.figure, mark(c.met)])]));
    } finally {
      await server.stop();
    }
  } finally {
    await ceiling.stop();
  }
}

runAsCommand(import.meta.url, main);
