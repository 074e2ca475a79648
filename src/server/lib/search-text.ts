import { ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** What the admins' searches (of tickets, people and repair requests) make of the text typed. */

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally (`\` is the escape). */
export const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a phone number looks like when typed: digits with spaces, +, dashes or brackets. */
const PHONE_LIKE = /^[\d\s()+-]+$/;

/** The digits of a search that looks like (part of) a phone number, three at least; otherwise undefined. */
export function phoneDigits(text: string): string | undefined {
  const digits = text.replace(/\D/g, '');
  return PHONE_LIKE.test(text) && digits.length >= 3 ? digits : undefined;
}

/**
 * Rows where one of `columns` contains `search` (any case), or, when the search looks like a phone
 * number, whose `phone` holds its digits however either was spaced ("98765 43210" finds
 * "+91 98765-43210"). Without an index: for the lists an admin reads newest first (people, repair
 * requests), which PostgreSQL reads in date order and filters until a page is full.
 */
export function containing(search: string, columns: AnyPgColumn[], phone?: AnyPgColumn): SQL | undefined {
  const digits = phone && phoneDigits(search);
  return or(
    ...columns.map((column) => ilike(column, anywhere(search))),
    digits ? sql`regexp_replace(${phone}, '[^0-9]', '', 'g') like ${anywhere(digits)}` : undefined,
  );
}
