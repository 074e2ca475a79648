import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EmailStatus, NotificationSettings } from '../../../shared/contracts/emails.js';
import { PAID_STATUSES } from '../../../shared/payments.js';
import type { Db } from '../../db/client.js';
import {
  emailPreferences,
  emails,
  type EmailRow,
  messageEmailMarks,
  payments,
  tickets,
  users,
} from '../../db/schema/index.js';
import { type Cursor, olderThan } from '../../lib/paging.js';
import { containing } from '../../lib/search-text.js';

export async function insertEmail(tx: Db, values: typeof emails.$inferInsert): Promise<string> {
  const [row] = await tx.insert(emails).values(values).returning({ id: emails.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findEmail(db: Db, id: string): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row;
}

export const listEmails = (
  db: Db,
  q: { limit: number; cursor?: Cursor | undefined; status?: EmailStatus | undefined; search?: string | undefined },
) =>
  db
    .select({
      id: emails.id,
      to: emails.to,
      subject: emails.subject,
      status: emails.status,
      attempts: emails.attempts,
      lastError: emails.lastError,
      createdAt: emails.createdAt,
    })
    .from(emails)
    .where(
      and(
        q.status ? eq(emails.status, q.status) : undefined,
        q.search ? containing(q.search, [emails.to, emails.subject]) : undefined,
        olderThan(emails.createdAt, emails.id, q.cursor),
      ),
    )
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(q.limit + 1);

/**
 * Takes an email for one send: counts the attempt and holds it for `leaseSeconds`, so another run of
 * its job (a retry while this one still runs) leaves it alone. A failed one is taken too: its job run
 * again from the Jobs tab sends it, as the email's own Retry does. Nothing when it is sent or kept, or
 * held by a run that is still within its lease.
 */
export async function claimEmail(db: Db, id: string, leaseSeconds: number): Promise<EmailRow | undefined> {
  const [row] = await db
    .update(emails)
    .set({ attempts: sql`${emails.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(emails.id, id),
        inArray(emails.status, ['queued', 'failed']),
        or(isNull(emails.leaseUntil), lt(emails.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** Sent; `body`, when given, is stored in place of what was sent (reset-links.ts). */
export const markSent = (db: Db, id: string, body?: { html: string; text: string }) =>
  db
    .update(emails)
    .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null, ...body })
    .where(eq(emails.id, id));

/** A send that failed: recorded; `failed` for good after the last attempt, else queued for the retry. */
export const markAttemptFailed = (db: Db, id: string, error: string, last: boolean) =>
  db
    .update(emails)
    .set({ status: last ? 'failed' : 'queued', lastError: error, leaseUntil: null })
    .where(eq(emails.id, id));

/**
 * `failed`, with why, for a queued email its job gave up on while another run held it (a run that
 * died mid-send holds it until its lease ends): listed for the admins' Retry rather than left queued
 * with no job. The lease stays, so a run still sending it is not raced.
 */
export const markGivenUpWhileHeld = (db: Db, id: string, error: string) =>
  db
    .update(emails)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(emails.id, id), eq(emails.status, 'queued')));

/** Without SMTP_URL (an email queued while it was set, retried after): kept, nothing sent. */
export const markKept = (db: Db, id: string) =>
  db
    .update(emails)
    .set({ status: 'kept', leaseUntil: null })
    .where(and(eq(emails.id, id), eq(emails.status, 'queued')));

/** A failed email back in the queue (an admin's retry); nothing for any other status. */
export async function requeueFailed(tx: Db, id: string): Promise<EmailRow | undefined> {
  const [row] = await tx
    .update(emails)
    .set({ status: 'queued', leaseUntil: null })
    .where(and(eq(emails.id, id), eq(emails.status, 'failed')))
    .returning();
  return row;
}

export async function preferencesOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ ticketUpdates: emailPreferences.ticketUpdates, messages: emailPreferences.messages })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return row ?? { ticketUpdates: true, messages: true };
}

export async function setPreferences(
  db: Db,
  userId: string,
  change: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ticketUpdates: change.ticketUpdates ?? true, messages: change.messages ?? true })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...change, updatedAt: sql`now()` } })
    .returning({ ticketUpdates: emailPreferences.ticketUpdates, messages: emailPreferences.messages });
  if (!row) throw new Error('upsert returned no row');
  return row;
}

const customer = alias(users, 'customer');
const engineer = alias(users, 'engineer');

/** A ticket with its customer and engineer, as the ticket emails need them. */
export async function ticketParties(db: Db, ticketId: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      service: tickets.service,
      description: tickets.description,
      status: tickets.status,
      remarks: tickets.remarks,
      bookingOrderId: tickets.bookingOrderId,
      bookingPaymentId: payments.providerPaymentId,
      customer: { id: customer.id, name: customer.name, email: customer.email, suspendedAt: customer.suspendedAt },
      engineer: { id: engineer.id, name: engineer.name, email: engineer.email, suspendedAt: engineer.suspendedAt },
    })
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.userId))
    .leftJoin(engineer, eq(engineer.id, tickets.engineerId))
    .leftJoin(payments, eq(payments.orderId, tickets.bookingOrderId))
    .where(eq(tickets.id, ticketId));
  return row;
}
export type TicketParties = NonNullable<Awaited<ReturnType<typeof ticketParties>>>;

/** Whether the ticket's in-progress fee is paid. */
export async function inProgressFeePaid(db: Db, ticketId: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        eq(payments.ticketId, ticketId),
        eq(payments.kind, 'inprogress'),
        inArray(payments.status, [...PAID_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether an email of this kind was already written about the ticket (one fee notice per ticket). */
export async function hasTicketEmail(db: Db, ticketId: string, kind: EmailRow['kind']): Promise<boolean> {
  const [row] = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.ticketId, ticketId), eq(emails.kind, kind)))
    .limit(1);
  return Boolean(row);
}

/**
 * Who may be emailed about a message on the ticket now: of its customer (unless `staffNote`) and its
 * engineer, not the author, those whose message emails are on, whose account is not suspended and who
 * were not emailed about it in the last `minutes`. Their marks are taken in the same one statement,
 * so two messages committing together email once, and a post in a lively thread (everyone emailed
 * minutes ago) costs one round trip under the ticket's lock, not three.
 */
export async function takeMessageEmailSlots(
  tx: Db,
  q: { ticketId: string; authorId: string; staffNote: boolean; minutes: number },
): Promise<string[]> {
  const result = await tx.execute(sql`
    insert into ${messageEmailMarks} (ticket_id, user_id, sent_at)
    select t.id, r.id, now()
    from ${tickets} t
    cross join lateral (values (case when ${q.staffNote} then null else t.user_id end), (t.engineer_id)) r(id)
    where t.id = ${q.ticketId} and r.id is not null and r.id <> ${q.authorId}
      and coalesce((select p.messages from ${emailPreferences} p where p.user_id = r.id), true)
      and not exists (select 1 from ${users} u where u.id = r.id and u.suspended_at is not null)
    on conflict (ticket_id, user_id) do update set sent_at = now()
      where ${messageEmailMarks}.sent_at <= now() - make_interval(mins => ${q.minutes})
    returning user_id as "userId"`);
  return (result as unknown as { rows: { userId: string }[] }).rows.map((r) => r.userId);
}
