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
 *   message email already sent within its 10 minutes), as nearly every one of the run's posts is, and
 *   begins with the account's writes-budget counter, which the app's post counts before its
 *   transaction (RATE_LIMIT_WRITES): every statement a post sends, the ceiling sends.
 * Each is measured BENCH_ROUNDS times, each round between two ceiling runs (its ratio is to their
 * mean), and the posts the run made are deleted after it, so the thread is 200 long for the next run.
 *
 * Run alone (the 100,000 set seeded or reused, its own server and ceiling, figures and targets printed):
 *   BENCH_DATABASE_URL=postgres://…/db [BENCH_PORT_BASE=…] tsx scripts/bench/run-messages.ts
 */
import { join } from 'node:path';
import type { Request, RequestParams } from 'autocannon';
import pg from 'pg';
import { CONVERSATION_LIMITS } from '../../src/shared/contracts/messages.js';
import {
  findThread,
  otherPosters,
  POST_BODY,
  type Poster,
  putSequence,
  recorder,
  removePosts,
} from './conversation-data.js';
import { ROOT, SERVER_NODE_FLAGS } from './lib.js';
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
import { BENCH_PASSWORD, MEASURED_CUSTOMER_EMAIL } from './seed-accounts.js';
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

/** The bench's running processes and the measured customer's token. */
export interface ConversationSetup {
  url: string;
  server: Child;
  base: string;
  ceiling: Child;
  ceilingBase: string;
  customerToken: string;
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
