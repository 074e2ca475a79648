/**
 * The bench's accounts: the plain customers, the engineers, and the measured customer, measured engineer
 * and bench admin the benchmark and the soak log in as, all with the password BENCH_PASSWORD; and the
 * check that the measured two have exactly MEASURED_TICKETS tickets each.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { one, type RunStep } from './seed-sql.js';

export const BENCH_PASSWORD = 'bench-password-1';
export const MEASURED_CUSTOMER_EMAIL = 'bench-customer@remotefix.test';
export const MEASURED_ENGINEER_EMAIL = 'bench-engineer@remotefix.test';
export const BENCH_ADMIN_EMAIL = 'bench-staff@remotefix.test';
/** Emails of the plain customers: customer1@… to customerN@…. */
export const customerEmail = (n: number) => `customer${n}@bench.remotefix.test`;
export const MEASURED_TICKETS = 20;

// Names as the search meets them: 40 × 40 first and last names, so a full name belongs to about one
// customer in 1,600 and a surname to one in 40.
const FIRST =
  'Aarav Aditi Akash Ananya Anil Arjun Bhavna Deepak Divya Farhan Gaurav Harini Ishaan Kavya Kiran Lakshmi Manoj Meera Mohit Nandini Neha Nikhil Pooja Pranav Priya Rahul Rajesh Riya Rohan Sanjay Sara Shreya Siddharth Sneha Suresh Tanvi Varun Vikram Yash Zoya'.split(
    ' ',
  );
const LAST =
  'Agarwal Banerjee Bose Chatterjee Das Desai Fernandes Ghosh Gupta Hegde Iyer Jain Joshi Kapoor Khan Kulkarni Malhotra Mehta Menon Mishra Mukherjee Naidu Nair Pandey Patel Pillai Qureshi Rao Reddy Saxena Sharma Shetty Singh Sinha Srinivasan Thakur Trivedi Varghese Verma Yadav'.split(
    ' ',
  );
/** Customer n's nine digits after the leading 9: n times a prime coprime to 10, mod 10⁹ (so all differ). */
const PHONE_FACTOR = 982_451_653;

/** Customer n's name (as the seed writes it). */
export const customerName = (n: number) =>
  `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
/** Customer n's phone (as the seed writes it): +91 and ten digits. */
export const customerPhone = (n: number) =>
  `+91 9${String((BigInt(n) * BigInt(PHONE_FACTOR)) % 1_000_000_000n).padStart(9, '0')}`;

const raw = (n: number) => sql.raw(String(n));
const textArray = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(', ')}]::text[]`);

export interface AccountIds {
  customer: string;
  engineer: string;
  admin: string;
}

/**
 * Inserts `customers` customers, `engineers` engineers and the three named accounts, all sharing one
 * argon2id hash (computed once by the caller); answers the named accounts' ids.
 */
export async function insertAccounts(
  tx: Db,
  run: RunStep,
  counts: { customers: number; engineers: number; passwordHash: string },
): Promise<AccountIds> {
  const { customers, engineers, passwordHash } = counts;
  await run(
    'customers',
    sql`
      insert into users (name, email, phone, role, password_hash, created_at)
      select (${textArray(FIRST)})[1 + i % ${raw(FIRST.length)}] || ' ' ||
               (${textArray(LAST)})[1 + (i / ${raw(FIRST.length)}) % ${raw(LAST.length)}],
             'customer' || i || '@bench.remotefix.test',
             '+91 9' || lpad((i::bigint * ${raw(PHONE_FACTOR)} % 1000000000)::text, 9, '0'),
             'user', ${passwordHash}, now() - interval '400 days' + i * interval '1 minute'
      from generate_series(1, ${customers}::int) i`,
  );
  await run(
    'engineers',
    sql`
      insert into users (name, email, phone, role, password_hash, created_at)
      select 'Engineer ' || i, 'engineer' || i || '@bench.remotefix.test', '+91 8' || lpad(i::text, 9, '0'),
             'engineer', ${passwordHash}, now() - interval '420 days' + i * interval '1 hour'
      from generate_series(1, ${engineers}::int) i`,
  );
  await run(
    'measured users',
    sql`
      insert into users (name, email, phone, role, password_hash, created_at) values
        ('Measured Customer', ${MEASURED_CUSTOMER_EMAIL}, '+91 90000 00001', 'user', ${passwordHash}, now() - interval '390 days'),
        ('Measured Engineer', ${MEASURED_ENGINEER_EMAIL}, '+91 90000 00002', 'engineer', ${passwordHash}, now() - interval '410 days'),
        ('Bench Staff', ${BENCH_ADMIN_EMAIL}, '+91 90000 00003', 'admin', ${passwordHash}, now() - interval '430 days')`,
  );

  return one<AccountIds>(
    tx,
    sql`select
            (select id from users where email = ${MEASURED_CUSTOMER_EMAIL}) as customer,
            (select id from users where email = ${MEASURED_ENGINEER_EMAIL}) as engineer,
            (select id from users where email = ${BENCH_ADMIN_EMAIL}) as admin`,
  );
}

/**
 * The measured customer's and engineer's ids, once the customer is seen to have exactly
 * MEASURED_TICKETS tickets and the engineer at least as many (a share of the rest besides: seed-plan.ts).
 */
export async function checkMeasuredAccounts(db: Db): Promise<{ customer: string; engineer: string }> {
  const who = await one<{ customer: string; engineer: string; c: number; e: number }>(
    db,
    sql`select c.id as customer, e.id as engineer,
               (select count(*)::int from tickets where user_id = c.id) as c,
               (select count(*)::int from tickets where engineer_id = e.id) as e
        from users c, users e where c.email = ${MEASURED_CUSTOMER_EMAIL} and e.email = ${MEASURED_ENGINEER_EMAIL}`,
  );
  if (who.c !== MEASURED_TICKETS || who.e < MEASURED_TICKETS) {
    throw new Error(`seed check failed: the measured customer has ${who.c} tickets, the measured engineer ${who.e}`);
  }
  return { customer: who.customer, engineer: who.engineer };
}
