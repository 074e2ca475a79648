/**
 * The bench seeder's ticket history, from the plan (seed-plan.ts). Per ticket, in order: the booking's
 * payment_created and payment_verified (the customer's /verify), created; then for some assigned (by
 * the bench admin), pending → in-progress, the in-progress fee's two events, completed (by the engineer).
 */
import { sql } from 'drizzle-orm';
import { BOOKING_FEE_PAISE, IN_PROGRESS_FEE_PAISE } from '../../src/shared/product.js';
import type { Query, RunStep } from './seed-sql.js';

/** A version-4-shaped uuid made from the md5 of the SQL expression `seed`, as the plan makes the tickets' ids. */
const uuidOf = (seed: string) =>
  sql.raw(
    `(substr(md5(${seed}), 1, 12) || '4' || substr(md5(${seed}), 14, 3) || '8' || substr(md5(${seed}), 18, 15))::uuid`,
  );

export async function insertHistory(run: RunStep, adminId: string): Promise<void> {
  const events: Array<[string, Query]> = [
    [
      'payment_created',
      sql`
        select ${uuidOf(`'pc' || i`)}, id, order_id, user_id, 'payment_created'::ticket_event_kind,
               jsonb_build_object('kind', 'booking', 'amount', ${BOOKING_FEE_PAISE}::int), created_at - interval '2 minutes'
        from bench_plan`,
    ],
    [
      'payment_verified',
      sql`
        select ${uuidOf(`'pv' || i`)}, id, order_id, user_id, 'payment_verified'::ticket_event_kind,
               jsonb_build_object('kind', 'booking', 'amount', ${BOOKING_FEE_PAISE}::int, 'paymentId', 'pay_bench_' || i, 'via', 'verify'),
               booking_paid_at
        from bench_plan`,
    ],
    [
      'created',
      sql`
        select ${uuidOf(`'cr' || i`)}, id, order_id, user_id, 'created'::ticket_event_kind, jsonb_build_object('via', 'verify'), created_at
        from bench_plan`,
    ],
    [
      'assigned',
      sql`
        select ${uuidOf(`'as' || i`)}, id, null, ${adminId}::uuid, 'assigned'::ticket_event_kind,
               jsonb_build_object('engineerId', engineer_id, 'engineerName', engineer_name), assigned_at
        from bench_plan where engineer_id is not null`,
    ],
    [
      'status_changed',
      sql`
        select ${uuidOf(`'sc' || i`)}, id, null, ${adminId}::uuid, 'status_changed'::ticket_event_kind,
               jsonb_build_object('from', 'pending', 'to', 'in-progress'),
               created_at + least(interval '2 hours', (now() - created_at) / 6)
        from bench_plan where status <> 'pending'`,
    ],
    [
      'fee events',
      sql`
        select ${uuidOf(`'fc' || i`)}, id, 'order_bench_ip_' || i, user_id, 'payment_created'::ticket_event_kind,
               jsonb_build_object('kind', 'inprogress', 'amount', ${IN_PROGRESS_FEE_PAISE}::int),
               created_at + (coalesce(completed_at, now()) - created_at) / 2
        from bench_plan where fee_paid
        union all
        select ${uuidOf(`'fv' || i`)}, id, 'order_bench_ip_' || i, user_id, 'payment_verified'::ticket_event_kind,
               jsonb_build_object('kind', 'inprogress', 'amount', ${IN_PROGRESS_FEE_PAISE}::int, 'paymentId', 'pay_bench_ip_' || i, 'via', 'verify'),
               fee_paid_at
        from bench_plan where fee_paid`,
    ],
    [
      'completed',
      sql`
        select ${uuidOf(`'co' || i`)}, id, null, engineer_id, 'completed'::ticket_event_kind,
               jsonb_build_object('from', 'in-progress', 'remarks', 'Fixed remotely: ' || lower(sub_name) || ' resolved and checked with the customer.'),
               completed_at
        from bench_plan where status = 'completed'`,
    ],
  ];
  for (const [label, select] of events) {
    await run(
      label,
      sql`insert into ticket_events (id, ticket_id, order_id, actor_id, kind, detail, created_at) ${select}`,
    );
  }
}
