import { eq, or, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** RF-1001, rf1001 or 1001: a ticket number as people say it. */
const TICKET_NUMBER = /^(?:rf-?\s*)?(\d{1,9})$/i;
/** What a phone number looks like when typed: digits with spaces, +, dashes or brackets. */
const PHONE_LIKE = /^[\d\s()+-]+$/;
/** One or two letters or digits: too short for a trigram, so matched at the start of a word. */
const WORD_START = /^[\p{L}\p{N}]{1,2}$/u;

/**
 * The admins' search (DECISIONS.md §7.5): any part of the description, or of the customer's name,
 * email or phone (by its digits, however it is spaced), or the ticket's number. One or two letters or
 * digits (a search box as the admin starts typing) find the words that begin with them instead: "me"
 * finds Meera and Mehta, not Rameez.
 *
 * The text lives in one column the database keeps (tickets.search, lower-cased; the
 * ticket_search_column migration) under one trigram index, so PostgreSQL estimates how many tickets
 * match and picks its plan: the index when few do, the newest tickets in date order (stopping at a
 * page) when many do. "Any part" of one or two
 * characters would have no trigram to look up, and a rare one would read every ticket; the start of a
 * word has two (the space before it counts). A query of one or two other characters (%, @) has none
 * either way and is matched anywhere, reading every ticket.
 */
export function ticketSearch(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  // lower() in the database, as the column was lowered: one case folding for both sides.
  const matches = (pattern: string) => sql`${tickets.search} like lower(${pattern})`;
  const branches: SQL[] = [matches(WORD_START.test(text) ? `% ${text}%` : anywhere(text))];
  const digits = text.replace(/\D/g, '');
  if (PHONE_LIKE.test(text) && digits.length >= 3 && digits !== text) branches.push(matches(anywhere(digits)));
  const number = TICKET_NUMBER.exec(text);
  if (number) branches.push(eq(tickets.number, Number(number[1])));
  return or(...branches);
}
