/**
 * The bench seeder's tickets and payments, from the plan (seed-plan.ts): each ticket, its verified
 * booking payment (payments.order_id = tickets.booking_order_id), where the plan says the fee was
 * paid, its verified in-progress fee payment, and the ratings of most completed tickets.
 */
import { sql } from 'drizzle-orm';
import { BOOKING_FEE_PAISE, CURRENCY, IN_PROGRESS_FEE_PAISE } from '../../src/shared/product.js';
import type { RunStep } from './seed-sql.js';

export async function insertTicketsAndPayments(run: RunStep): Promise<void> {
  await run(
    'tickets',
    sql`
      insert into tickets (id, user_id, main_service_id, sub_service_id, main_service_name, sub_service_name, service,
                           description, status, remarks, engineer_id, booking_order_id, completed_at, created_at, search,
                           first_assigned_at)
      select p.id, p.user_id, p.main_id, p.sub_id, p.main_name, p.sub_name, p.main_name || ' › ' || p.sub_name,
             p.description, p.status,
             case when p.status = 'completed' then 'Fixed remotely: ' || lower(p.sub_name) || ' resolved and checked with the customer.' end,
             p.engineer_id, p.order_id, p.completed_at, p.created_at,
             -- what the database's triggers would keep (they do not run during the load)
             rf_ticket_search_text(p.description, u.name, u.email, u.phone), p.assigned_at
      from bench_plan p join users u on u.id = p.user_id`,
  );
  await run(
    'booking payments',
    sql`
      insert into payments (order_id, kind, user_id, ticket_id, amount, currency, receipt, status,
                            provider_payment_id, draft, created_at, updated_at, paid_at)
      select order_id, 'booking', user_id, id, ${BOOKING_FEE_PAISE}::int, ${CURRENCY},
             'rf_bk_' || substr(md5(order_id), 1, 16), 'verified', 'pay_bench_' || i,
             jsonb_build_object('mainServiceId', main_id, 'subServiceId', sub_id, 'mainServiceName', main_name,
                                'subServiceName', sub_name, 'description', description),
             created_at - interval '2 minutes', created_at - interval '1 minute', booking_paid_at
      from bench_plan`,
  );
  await run(
    'in-progress payments',
    sql`
      insert into payments (order_id, kind, user_id, ticket_id, amount, currency, receipt, status,
                            provider_payment_id, created_at, updated_at, paid_at)
      select 'order_bench_ip_' || i, 'inprogress', user_id, id, ${IN_PROGRESS_FEE_PAISE}::int, ${CURRENCY},
             'rf_ip_' || substr(md5('ip' || i), 1, 16), 'verified', 'pay_bench_ip_' || i,
             created_at + (coalesce(completed_at, now()) - created_at) / 2,
             created_at + (coalesce(completed_at, now()) - created_at) / 2 + interval '1 minute', fee_paid_at
      from bench_plan where fee_paid`,
  );
  // Six completed tickets in ten are rated, half of those 5, a few low, some with a comment; a rating is
  // given up to an hour after completion (never in the future).
  await run(
    'ratings',
    sql`
      insert into ticket_ratings (ticket_id, engineer_id, score, comment, created_at)
      select id, engineer_id,
             case when i % 10 < 5 then 5 when i % 10 < 8 then 4 when i % 10 = 8 then 3 else 1 + i % 2 end,
             case when i % 4 = 0 then 'Quick and polite, fixed on the first call.' end,
             least(completed_at + make_interval(mins => 5 + i % 55), now())
      from bench_plan where status = 'completed' and r % 10 < 6`,
  );
}
