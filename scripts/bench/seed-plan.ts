/**
 * The bench seeder's plan: the temp table `bench_plan`, one row per ticket with everything its ticket,
 * payments and history need (id, owner, engineer, service, status, times, whether the in-progress fee
 * was paid), made by one `generate_series` from a dense numbering of the customers, engineers and
 * sub-services. The rows are written from it by seed-tickets.ts and seed-history.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { type AccountIds, MEASURED_ENGINEER_EMAIL, MEASURED_TICKETS } from './seed-accounts.js';
import { one, type RunStep } from './seed-sql.js';

export interface PlanSizes {
  /** Tickets in all, the measured customer's included. */
  total: number;
  customers: number;
  /** Engineers besides the measured one. */
  engineers: number;
  /** The days the tickets are spread over, newest now. */
  days: number;
}

export async function planTickets(tx: Db, run: RunStep, sizes: PlanSizes, ids: AccountIds): Promise<void> {
  const { total, customers, engineers, days } = sizes;
  // Every 20th slot of the ticket sequence is the measured customer's; the slot before it the measured
  // engineer's, except the newest: the measured customer's newest ticket is the engineer's too, in
  // progress, and carries the conversation bench's long thread (`thread`; seed-messages.ts). Besides
  // those, the measured engineer takes a share of the rest like every other engineer: an engineer
  // holding 20 of the tickets while each other holds thousands is a value so rare that PostgreSQL
  // estimated one row for it, and planned the engineer list's statement again on every request rather
  // than reuse its plan, which a busy engineer's list does not pay.
  const step = Math.floor(total / MEASURED_TICKETS);

  // Dense 0-based numbering for the set-based joins below.
  await run(
    'numbering',
    sql`
      create temp table bench_customers on commit drop as
      select id, (row_number() over (order by created_at) - 1)::int as k
      from users where email like 'customer%@bench.remotefix.test'`,
  );
  await run(
    'numbering',
    sql`
      create temp table bench_engineers on commit drop as
      select id, name, (row_number() over (order by created_at) - 1)::int as k
      from users where email like 'engineer%@bench.remotefix.test' or email = ${MEASURED_ENGINEER_EMAIL}`,
  );
  await run(
    'numbering',
    sql`
      create temp table bench_subs on commit drop as
      select s.id as sub_id, s.name as sub_name, m.id as main_id, m.name as main_name,
             (row_number() over (order by m.created_at, s.created_at) - 1)::int as k
      from services s join services m on m.id = s.parent_id`,
  );
  const { subs } = await one<{ subs: number }>(tx, sql`select count(*)::int as subs from bench_subs`);
  if (subs === 0) throw new Error('the catalogue is empty: migrate and seed the database first');

  // Ticket i (1 = oldest … total = newest) is (total - i)/total of `days` old (a year unless told). Its
  // status depends on its age: most of last year's work is completed, the last fortnight's is mostly open. Ids are
  // version-4-shaped uuids made from md5 (ten times cheaper than gen_random_uuid() in PGlite).
  await run(
    'plan',
    sql`
      create temp table bench_plan on commit drop as
      with g as (
        select i,
               (i::bigint * 2654435761 % 100)::int as r,
               (${total}::int - i)::float8 * ${days}::float8 / ${total}::int as age_days,
               md5('bench-ticket-' || i) as h
        from generate_series(1, ${total}::int) i
      ), s as (
        select i, r, age_days,
               (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid as id,
               case
                 when i = ${step}::int * ${MEASURED_TICKETS} then 'in-progress'
                 when age_days < 2 then case when r < 70 then 'pending' when r < 90 then 'in-progress' else 'completed' end
                 when age_days < 14 then case when r < 25 then 'pending' when r < 55 then 'in-progress' else 'completed' end
                 else case when r < 4 then 'pending' when r < 9 then 'in-progress' else 'completed' end
               end::ticket_status as status,
               now() - make_interval(secs => age_days * 86400 + (i % 97)) as created_at,
               (i % ${step}::int = 0 and i / ${step}::int <= ${MEASURED_TICKETS}) as measured_customer,
               ((i + 1) % ${step}::int = 0 and (i + 1) / ${step}::int < ${MEASURED_TICKETS}
                 or i = ${step}::int * ${MEASURED_TICKETS}) as measured_engineer,
               i = ${step}::int * ${MEASURED_TICKETS} as thread
        from g
      )
      select s.*,
             'order_bench_' || s.i as order_id,
             -- done in 20 minutes to 3 hours, one in ten a day later, to the second (as the reports' medians meet them)
             case when s.status = 'completed'
                  then s.created_at + least(make_interval(days => (s.r % 10 = 0)::int, mins => 20 + s.i * 7 % 160,
                                                          secs => s.i % 571 / 10.0),
                                            (now() - s.created_at) / 2) end as completed_at,
             case when s.measured_engineer then ${ids.engineer}::uuid
                  when s.status <> 'pending' or s.r % 10 = 0 then e.id end as engineer_id,
             case when s.measured_engineer then 'Measured Engineer'
                  when s.status <> 'pending' or s.r % 10 = 0 then e.name end as engineer_name,
             case when s.measured_customer then ${ids.customer}::uuid else c.id end as user_id,
             -- the in-progress fee: paid for most completed tickets and about half of those in progress
             ((s.status = 'completed' and s.r % 5 <> 0) or (s.status = 'in-progress' and s.r % 2 = 0)) as fee_paid,
             b.sub_id, b.sub_name, b.main_id, b.main_name,
             'Bench ticket ' || s.i || ': ' || b.sub_name || ' since last week; the machine is a ' ||
               (array['desktop', 'laptop', 'Mac', 'mini PC'])[1 + s.i % 4] || ' and it happens every day.' as description
      from s
      join bench_customers c on c.k = (s.i::bigint * 7919 % ${customers}::int)::int
      join bench_engineers e on e.k = s.i % ${engineers + 1}::int
      join bench_subs b on b.k = (s.i * 31 + s.r) % ${subs}::int`,
  );
  // A fee can only be paid once an engineer is on the ticket.
  await run('plan fee', sql`update bench_plan set fee_paid = false where fee_paid and engineer_id is null`);
  // When the engineer was first assigned (2 to 40 minutes after booking) and when each fee was paid:
  // the history's events (seed-history.ts) and what the database keeps from them on the ticket and
  // the payments (first_assigned_at, paid_at; seed-tickets.ts) alike.
  await run(
    'plan times',
    sql`
      alter table bench_plan add column assigned_at timestamptz, add column booking_paid_at timestamptz,
                             add column fee_paid_at timestamptz`,
  );
  await run(
    'plan times',
    sql`
      update bench_plan set
        assigned_at = case when engineer_id is not null then created_at + least(
          make_interval(mins => 2 + i % 38, secs => i % 89 / 7.0), (now() - created_at) / 8) end,
        booking_paid_at = created_at - interval '1 minute',
        fee_paid_at = case when fee_paid then created_at + (coalesce(completed_at, now()) - created_at) / 2 + interval '1 minute' end`,
  );
}
