import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { type AccountState, ENGINEER_PICKER_LIMIT } from '../../../shared/contracts/admin.js';
import { isStaff, type Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { tickets, type UserRow, users } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import { type Cursor, olderThan } from '../../lib/paging.js';
import { containing } from '../../lib/search-text.js';

/**
 * Accounts newest first, one more than `limit` (the caller pages), of one role, active or suspended,
 * and matching a search when asked: any part of the name or email, or the phone's digits
 * (search-text.ts).
 */
export const listUsers = (
  db: Db,
  q: {
    role?: Role | undefined;
    state?: AccountState | undefined;
    search?: string | undefined;
    limit: number;
    cursor?: Cursor | undefined;
  },
) =>
  db
    .select()
    .from(users)
    .where(
      and(
        q.role ? eq(users.role, q.role) : undefined,
        q.state && (q.state === 'suspended' ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt)),
        q.search ? containing(q.search, [users.name, users.email], users.phone) : undefined,
        olderThan(users.createdAt, users.id, q.cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);

/** Engineers by name, those whose name or email contains `search` (any case); one more than the picker shows. */
export const listEngineers = (db: Db, search?: string) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    // A suspended engineer is assigned nothing (tickets/workflow.ts), so is not offered.
    .where(
      and(
        eq(users.role, 'engineer'),
        isNull(users.suspendedAt),
        search ? containing(search, [users.name, users.email]) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.email))
    .limit(ENGINEER_PICKER_LIMIT + 1);

/**
 * The account, locked for the rest of the transaction: `update` to change it (its role, password,
 * two-factor sign-in: such changes take turns), `share` to rely on its role (an assignment): each
 * waits for the other, so no ticket is assigned to an engineer whose role is being taken away
 * (users/roles.ts).
 */
export async function lockUser(tx: Db, id: string, strength: 'update' | 'share' = 'update') {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for(strength).limit(1);
  return row;
}

/**
 * An admin's change to another account (its role, suspension, details, two-factor sign-in): both
 * rows locked in one order, the lower id first, so two admins changing each other at once take
 * turns rather than deadlock (the change's history line refers to the admin's row, which the other
 * holds). The admin's row is read again under its lock: one who is no longer an admin, or was
 * suspended, since the request began changes nothing (403). Answers the account to change, locked
 * for update.
 */
export async function lockForAdminChange(tx: Db, actorId: string, targetId: string): Promise<UserRow | undefined> {
  const rows = new Map<string, UserRow | undefined>();
  for (const id of [actorId, targetId].sort()) {
    if (!rows.has(id)) rows.set(id, await lockUser(tx, id, id === targetId ? 'update' : 'share'));
  }
  const actor = rows.get(actorId);
  if (!actor || !isStaff(actor.role) || actor.suspendedAt) {
    throw forbidden('Your account can no longer make this change');
  }
  return rows.get(targetId);
}

/** The numbers of the tickets not yet completed that have this engineer, oldest first. */
export async function openTicketNumbersOf(db: Db, engineerId: string): Promise<number[]> {
  const rows = await db
    .select({ number: tickets.number })
    .from(tickets)
    .where(and(eq(tickets.engineerId, engineerId), ne(tickets.status, 'completed')))
    .orderBy(asc(tickets.number));
  return rows.map((r) => r.number);
}
