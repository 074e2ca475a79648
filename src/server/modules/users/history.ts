import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountChangeKind, AccountDetail } from '../../../shared/account-changes.js';
import type { Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { accountChanges, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { actorOf, historyPageOf } from '../../lib/paging.js';
import { findUserById } from '../auth/queries.js';

/**
 * Keeps what an admin did to an account in its history; call inside the transaction that makes the
 * change, so the line exists if and only if the change committed.
 */
export async function recordAccountChange(
  tx: Db,
  change: {
    userId: string;
    actorId: string;
    kind: AccountChangeKind;
    from?: Role;
    to?: Role;
    fields?: AccountDetail[];
  },
): Promise<void> {
  await tx.insert(accountChanges).values({
    userId: change.userId,
    actorId: change.actorId,
    kind: change.kind,
    fromRole: change.from ?? null,
    toRole: change.to ?? null,
    fields: change.fields ?? null,
  });
}

const actor = alias(users, 'actor');

/**
 * GET /api/admin/users/{id}/history: the account's changes, oldest first, a page at a time after the
 * change `after` (one of this account's: another's matches nothing), each with the admin who made it.
 */
export async function accountHistory(db: Db, userId: string, q: { after?: string | undefined; limit: number }) {
  if (!(await findUserById(db, userId))) throw notFound('User not found');
  const after = q.after
    ? sql`(${accountChanges.createdAt}, ${accountChanges.id}) > (select c.created_at, c.id from ${accountChanges} c
        where c.id = ${q.after} and c.user_id = ${userId})`
    : undefined;
  const rows = await db
    .select({
      id: accountChanges.id,
      kind: accountChanges.kind,
      from: accountChanges.fromRole,
      to: accountChanges.toRole,
      fields: accountChanges.fields,
      createdAt: accountChanges.createdAt,
      actorId: actor.id,
      actorName: actor.name,
      actorRole: actor.role,
    })
    .from(accountChanges)
    .leftJoin(actor, eq(actor.id, accountChanges.actorId))
    .where(and(eq(accountChanges.userId, userId), after))
    .orderBy(asc(accountChanges.createdAt), asc(accountChanges.id))
    .limit(q.limit + 1);
  const { page, nextCursor } = historyPageOf(rows, q.limit);
  return {
    changes: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      from: r.from,
      to: r.to,
      fields: r.fields,
      createdAt: r.createdAt.toISOString(),
      actor: actorOf(r),
    })),
    nextCursor,
  };
}
