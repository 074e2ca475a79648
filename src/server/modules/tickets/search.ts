import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { anywhere, phoneDigits } from '../../lib/search-text.js';

/** RF-1001, rf1001 or 1001: a ticket number as people say it. */
const TICKET_NUMBER = /^(?:rf-?\s*)?(\d{1,9})$/i;
/** One or two letters or digits: too short for a trigram, so matched at the start of a word. */
const WORD_START = /^[\p{L}\p{N}]{1,2}$/u;

/** What a search looks for, as values: the column's LIKE pattern, and the phone digits and ticket number it may be. */
export interface SearchTerms {
  pattern: string;
  digits?: string;
  number?: number;
}

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
export function searchTerms(q: string): SearchTerms | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const terms: SearchTerms = { pattern: WORD_START.test(text) ? `% ${text}%` : anywhere(text) };
  // Digits alone are in the pattern already.
  const digits = phoneDigits(text);
  if (digits !== undefined && digits !== text) terms.digits = anywhere(digits);
  const number = TICKET_NUMBER.exec(text);
  if (number) terms.number = Number(number[1]);
  return terms;
}

/** Bound values or, for a prepared statement, placeholders in their stead. */
type Bound<T> = { [K in keyof T]: T[K] | Placeholder };

/** The condition that finds the terms' tickets. */
export function searchCondition(terms: Bound<SearchTerms>): SQL | undefined {
  // lower() in the database, as the column was lowered: one case folding for both sides.
  const matches = (pattern: string | Placeholder) => sql`${tickets.search} like lower(${pattern})`;
  return or(
    matches(terms.pattern),
    terms.digits !== undefined ? matches(terms.digits) : undefined,
    terms.number !== undefined ? eq(tickets.number, terms.number) : undefined,
  );
}
