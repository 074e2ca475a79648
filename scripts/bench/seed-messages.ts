/**
 * The bench seeder's conversations, from the plan (seed-plan.ts): a few messages on most tickets (so
 * the lists' unread counts and the thread's index meet a table of a realistic size and spread), read
 * markers for most of them, and the measured thread: THREAD_MESSAGES messages between the measured
 * customer and the measured engineer on the customer's newest ticket (run-messages.ts reads it).
 */
import { sql } from 'drizzle-orm';
import type { RunStep } from './seed-sql.js';

/** The measured thread's length (issue 27: "reading a thread of 200 messages"). */
export const THREAD_MESSAGES = 200;

export async function insertMessages(run: RunStep): Promise<void> {
  // Ticket i has i % 5 messages (0 to 4, about two on average): the customer's first, then the
  // engineer's and the customer's by turns (all the customer's while nobody is assigned); one
  // engineer's message in two on even tickets is a staff note. Spread between the booking and the
  // completion (or now), so they are in the ticket's time and in the past.
  await run(
    'messages',
    sql`
      insert into ticket_messages (ticket_id, author_id, body, internal, created_at)
      select p.id, a.author, 'Bench message ' || k || ' on ticket ' || p.i || ': the error comes back after a restart.',
             a.staff and p.i % 2 = 0 and k = 2,
             p.created_at + (coalesce(p.completed_at, now()) - p.created_at) * k / 6.0
      from bench_plan p
      cross join generate_series(1, 4) k
      cross join lateral (select k % 2 = 0 and p.engineer_id is not null as staff) s
      cross join lateral (select s.staff, case when s.staff then p.engineer_id else p.user_id end as author) a
      where not p.thread and k <= p.i % 5`,
  );
  // Two tickets in three are read to the end by both parties; on the others nobody has marked anything.
  await run(
    'read markers',
    sql`
      insert into ticket_reads (ticket_id, user_id, read_up_to)
      select p.id, u.reader, max(m.created_at)
      from bench_plan p
      join ticket_messages m on m.ticket_id = p.id
      cross join lateral (values (p.user_id), (p.engineer_id)) u(reader)
      where u.reader is not null and p.r % 3 <> 0 and not p.thread
      group by p.id, u.reader`,
  );
  // The measured thread: the customer and the engineer by turns, between the booking and now (a second
  // at least, so no two share a time); no read marker, so the customer's list counts the engineer's half.
  await run(
    'thread',
    sql`
      insert into ticket_messages (ticket_id, author_id, body, internal, created_at)
      select p.id, case when k % 2 = 1 then p.user_id else p.engineer_id end,
             'Thread message ' || k || ': ' || case when k % 2 = 1
               then 'I restarted as you said and the update still stops at 35 %, with the same error on screen.'
               else 'Thanks. Please open the remote tool again and keep the error window visible for me.' end,
             false,
             p.created_at + greatest(now() - p.created_at, interval '1 second') * k / (${THREAD_MESSAGES}::int + 1)
      from bench_plan p cross join generate_series(1, ${THREAD_MESSAGES}::int) k
      where p.thread`,
  );
}
