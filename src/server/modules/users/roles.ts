import { eq, sql } from 'drizzle-orm';
import type { CreatableRole, Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { ticketNumberLabel } from '../../../shared/tickets.js';
import { recordAccountChange } from './history.js';
import { lockForAdminChange, openTicketNumbersOf } from './queries.js';

/**
 * An admin changes an account's role (PATCH /api/admin/users/{id}): an engineer who leaves becomes a
 * customer, a customer hired as an engineer becomes one. Never one's own role (an admin would lock
 * themselves out), never a superadmin's (that account is the configured one, ADMIN_EMAIL), and never
 * to superadmin (the body's schema refuses it). An engineer leaves the role only once none of the
 * tickets not yet completed is theirs: reassign or unassign those first, so no customer waits on
 * someone who can no longer open the ticket.
 *
 * The account's sessions end (its token version moves on), on every instance at once: an engineer
 * turned away stops seeing customers' contact details and remote sessions at the next request, and
 * their open event stream closes (modules/events/streams.ts). The same role again changes nothing.
 */
export async function changeUserRole(
  db: Db,
  actor: { id: string; role: Role },
  targetId: string,
  role: CreatableRole,
): Promise<{ user: UserRow; from: Role }> {
  if (targetId === actor.id) throw forbidden('You cannot change your own role');
  return db.transaction(async (tx) => {
    const target = await lockForAdminChange(tx, actor.id, targetId);
    if (!target) throw notFound('User not found');
    if (target.role === 'superadmin') throw forbidden('A superadmin’s role cannot be changed');
    if (target.role === role) return { user: target, from: target.role };
    if (target.role === 'engineer') await refuseWhileAssigned(tx, target);
    const [updated] = await tx
      .update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw notFound('User not found');
    await recordAccountChange(tx, { userId: target.id, actorId: actor.id, kind: 'role', from: target.role, to: role });
    return { user: updated, from: target.role };
  });
}

/** How many shown by number in the refusal (each is found by it in All Tickets' search). */
const NUMBERS_SHOWN = 5;

/**
 * An engineer leaves the role, or is suspended, only once none of the tickets not yet completed is
 * theirs (409 naming them): no customer waits on someone who can no longer open the ticket. Called
 * with the account's row locked for update, which an assignment waits for (it shares the lock).
 */
export async function refuseWhileAssigned(tx: Db, engineer: Pick<UserRow, 'id' | 'name'>): Promise<void> {
  const numbers = await openTicketNumbersOf(tx, engineer.id);
  if (numbers.length === 0) return;
  const one = numbers.length === 1;
  const shown = numbers.slice(0, NUMBERS_SHOWN).map(ticketNumberLabel).join(', ');
  const more = numbers.length > NUMBERS_SHOWN ? ` and ${numbers.length - NUMBERS_SHOWN} more` : '';
  throw conflict(
    `${engineer.name} has ${numbers.length} ${one ? 'ticket' : 'tickets'} not yet completed (${shown}${more}): reassign or unassign ${one ? 'it' : 'them'} first`,
  );
}
