import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { type AccountState, ENGINEER_PICKER_LIMIT } from '../../../shared/contracts/admin.js';
import type { Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { tickets, users } from '../../db/schema/index.js';
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

/** The numbers of the tickets not yet completed that have this engineer, oldest first. */
export async function openTicketNumbersOf(db: Db, engineerId: string): Promise<number[]> {
  const rows = await db
    .select({ number: tickets.number })
    .from(tickets)
    .where(and(eq(tickets.engineerId, engineerId), ne(tickets.status, 'completed')))
    .orderBy(asc(tickets.number));
  return rows.map((r) => r.number);
}
