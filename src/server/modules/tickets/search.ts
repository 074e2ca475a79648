import { type SQL, sql } from 'drizzle-orm';
import { tickets, users, usersSearchText } from '../../db/schema/index.js';

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** RF-1001, rf1001 or 1001: a ticket number as people say it. */
const TICKET_NUMBER = /^(?:rf-?\s*)?(\d{1,9})$/i;
/** What a phone number looks like when typed: digits with spaces, +, dashes or brackets. */
const PHONE_LIKE = /^[\d\s()+-]+$/;

/**
 * The admins' search (DECISIONS.md §7.5): any part of the description, or of the customer's name,
 * email or phone (by its digits, however it is spaced), or the ticket's number. Every branch has an
 * index: pg_trgm on the description and on the customer's search text (migration 0014), the unique
 * number.
 */
export function ticketSearch(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  // A union of ids, not an OR of conditions: each branch is answered from its own index, where an
  // OR made PostgreSQL filter every ticket in date order (760 ms at 100,000 tickets for no match).
  const customers = (pattern: string) =>
    sql`select ${tickets.id} from ${tickets} where ${tickets.userId} in (
      select ${users.id} from ${users} where ${usersSearchText(users)} ilike ${pattern})`;
  const branches: SQL[] = [
    sql`select ${tickets.id} from ${tickets} where ${tickets.description} ilike ${anywhere(text)}`,
    customers(anywhere(text)),
  ];
  const digits = text.replace(/\D/g, '');
  if (PHONE_LIKE.test(text) && digits.length >= 3 && digits !== text) branches.push(customers(anywhere(digits)));
  const number = TICKET_NUMBER.exec(text);
  if (number) branches.push(sql`select ${tickets.id} from ${tickets} where ${tickets.number} = ${Number(number[1])}`);
  return sql`${tickets.id} in (${sql.join(branches, sql` union all `)})`;
}
