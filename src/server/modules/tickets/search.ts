import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { anywhere, phoneDigits } from '../../lib/search-text.js';

/** RF-1001, rf1001 or 1001: a ticket number as people say it. */
const TICKET_NUMBER = /^(?:rf-?\s*)?(\d{1,9})$/i;
/** A word that names a ticket by its number: RF-1001 or rf1001 (a bare 1001 may be a phone's or an error code's). */
const NUMBER_WORD = /^rf-?(\d{1,9})$/i;
/** One or two letters or digits: too short for a trigram, so matched at the start of a word. */
const WORD_START = /^[\p{L}\p{N}]{1,2}$/u;

/** More words than this are looked for as one phrase: each word is a condition on the index. */
const MAX_WORDS = 8;

/**
 * What a search looks for, as values: the column's LIKE pattern of each of its words (a ticket has
 * them all, in any order), and the phone digits and ticket number it may be.
 */
export interface SearchTerms {
  words: string[];
  digits?: string;
  number?: number;
  /** A ticket number written with its RF beside other words ("RF-1001 meera"): that ticket, with the words. */
  numbered?: number;
}

/** A word's pattern: any part of the column, or the start of a word for one or two letters or digits. */
const wordPattern = (word: string) => (WORD_START.test(word) ? `% ${word}%` : anywhere(word));

/**
 * The admins' search (DECISIONS.md §7.5): any part of the description, or of the customer's name,
 * email or phone (by its digits, however it is spaced), or the ticket's number. Each word is looked for
 * on its own, so "meera printer" finds Meera's ticket about a printer, and "RF-1001 meera" finds
 * RF-1001 if it is Meera's (the number is not in the text, so a bare 1001 finds no RF-11001). One or
 * two letters or digits (a search box as the admin starts typing) find the words that begin with them
 * instead: "me" finds Meera and Mehta, not Rameez.
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
  let words = text.split(/\s+/);
  let numbered: number | undefined;
  const numberWord = words.length > 1 ? words.findIndex((word) => NUMBER_WORD.test(word)) : -1;
  if (numberWord >= 0) {
    numbered = Number(NUMBER_WORD.exec(words[numberWord]!)![1]);
    words = words.filter((_, i) => i !== numberWord);
  }
  const terms: SearchTerms = { words: (words.length <= MAX_WORDS ? words : [words.join(' ')]).map(wordPattern) };
  if (numbered !== undefined) terms.numbered = numbered;
  // Digits alone are in the pattern already.
  const digits = phoneDigits(text);
  if (digits !== undefined && digits !== text) terms.digits = anywhere(digits);
  const number = TICKET_NUMBER.exec(text);
  if (number) terms.number = Number(number[1]);
  return terms;
}

/** Bound values or, for a prepared statement, placeholders in their stead. */
type Bound<T> = { [K in keyof T]: T[K] extends string[] ? (string | Placeholder)[] : T[K] | Placeholder };

/** The condition that finds the terms' tickets. */
export function searchCondition(terms: Bound<SearchTerms>): SQL | undefined {
  // lower() in the database, as the column was lowered: one case folding for both sides.
  const matches = (pattern: string | Placeholder) => sql`${tickets.search} like lower(${pattern})`;
  return or(
    and(terms.numbered !== undefined ? eq(tickets.number, terms.numbered) : undefined, ...terms.words.map(matches)),
    terms.digits !== undefined ? matches(terms.digits) : undefined,
    terms.number !== undefined ? eq(tickets.number, terms.number) : undefined,
  );
}
